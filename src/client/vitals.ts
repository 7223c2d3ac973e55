import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import { MAX_TARGET, type VitalsBatch } from '#shared/vitals/metrics.ts';
import { deviceClassOf, pageTypeOf } from '#shared/vitals/page-type.ts';

/** The element web-vitals blames, for the metrics that have one. */
function targetOf(metric: MetricWithAttribution): string | undefined {
  switch (metric.name) {
    case 'LCP':
      return metric.attribution.target;
    case 'INP':
      return metric.attribution.interactionTarget;
    case 'CLS':
      return metric.attribution.largestShiftTarget;
    default:
      return undefined;
  }
}

/**
 * The shop's own field data: this view's LCP, INP, CLS, FCP and TTFB (their latest values), sent in
 * one beacon to POST /vitals when the page is hidden or left. Only the route pattern, the market and
 * a device class from the viewport go with them; no cookie is read or set.
 */
export function reportVitals(): void {
  const { pageType, market } = pageTypeOf(location.pathname);
  const latest = new Map<string, VitalsBatch['entries'][number]>();
  const record = (metric: MetricWithAttribution) => {
    const target = targetOf(metric)?.slice(0, MAX_TARGET);
    latest.set(metric.name, { metric: metric.name, value: metric.value, ...(target ? { target } : {}) });
  };
  onLCP(record);
  onINP(record);
  onCLS(record);
  onFCP(record);
  onTTFB(record);
  // Registered after web-vitals' own listeners, so their final values are in by the time this runs.
  const flush = () => {
    if (latest.size === 0) return;
    const batch: VitalsBatch = { pageType, market, device: deviceClassOf(innerWidth), entries: [...latest.values()] };
    latest.clear();
    navigator.sendBeacon('/vitals', new Blob([JSON.stringify(batch)], { type: 'application/json' }));
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  // For support and tests: this view reports.
  document.documentElement.dataset.vitalsReporting = '';
}
