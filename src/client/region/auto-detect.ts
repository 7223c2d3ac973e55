import { detectRegion, EDGE_COUNTRY_PATH, type DetectionResult } from '#shared/region/detection.ts';
import { islandsHydrated } from '#client/hydration/islands-hydrated.ts';
import { browserDetectionSteps, type DetectionConfig } from '#ui/state/region-detect.ts';
import { savedPreference } from './persist.ts';
import { hydrateRegionIslands } from '#client/hydration/scheduler.ts';
import { getRegion, subscribeRegion } from '#ui/state/region-store.ts';
import { switchRegion } from './switch.ts';
import { marketHref, marketOfRegion, regionOfMarket, splitMarket, type Market } from '#shared/market/market.ts';
import { currencyByRegion, currencySymbol } from '#shared/region/region.ts';
import { pageMarket } from '#ui/state/page-market.ts';
import { toast } from '#ui/state/toast-store.ts';

let started = false;

/** "Shopping from Germany? See prices in €", linking the same page in the visitor's market, when it is another. */
function offerMarket(market: Market, result: DetectionResult): void {
  // Only where the visitor is (their network's country), not the language their browser speaks.
  if (result.source !== 'ip_geolocation' || result.region === regionOfMarket[market]) return;
  const currency = currencyByRegion[result.region];
  const where = result.country ? new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(result.country) : null;
  const { path } = splitMarket(location.pathname);
  toast({
    title: where ? `Shopping from ${where}?` : `Shopping in the ${result.region}?`,
    description: `See prices in ${currencySymbol[currency]} (${currency}).`,
    action: { label: `Go to the ${result.region} shop`, href: marketHref(marketOfRegion[result.region], path + location.search) },
  });
}

/** The country the edge gave this visitor, from the shop's never-kept answer; null when it has none or did not answer. */
async function edgeCountry(): Promise<string | null> {
  try {
    const res = await fetch(EDGE_COUNTRY_PATH, { credentials: 'omit', signal: AbortSignal.timeout(5000) });
    const { country } = (await res.json()) as { country?: unknown };
    return typeof country === 'string' ? country : null;
  } catch {
    return null;
  }
}

/** The result is shown on <html> next to the region, for support and tests to read. */
async function apply(result: DetectionResult): Promise<void> {
  await switchRegion(result.region);
  const { dataset } = document.documentElement;
  dataset.regionSource = result.source;
  if (result.country) dataset.regionCountry = result.country;
  if (result.error) dataset.regionError = result.error;
}

/**
 * Refines the server's region in the browser, once per page and only for a visitor with no saved
 * choice. A region the visitor picks while it runs is not overridden. While it runs,
 * <html data-region-detection="running"> shows the selectors' spinner (CSS: no React needed).
 */
export function detectRegionOnce(config: DetectionConfig): void {
  if (started) return;
  started = true;
  // After start-up hydration: the saved choice is known by then.
  const { dataset } = document.documentElement;
  void islandsHydrated.then(async () => {
    // Marked on <html> so tests (and support) can tell when the page's third-party calls are over.
    if (savedPreference()) {
      dataset.regionDetection = 'skipped';
      return;
    }
    // A market's page never changes currency by itself: where the visitor seems to be elsewhere, it offers that market.
    const market = pageMarket();
    if (market) {
      dataset.regionDetection = 'running';
      // No permission prompt for a toast: the edge's country (asked of the shop: the page is everyone's) or the IP lookup is enough.
      const country = await edgeCountry();
      offerMarket(market, await detectRegion(browserDetectionSteps({ ...config, country, geolocation: false })));
      dataset.regionDetection = 'done';
      return;
    }
    let changedMeanwhile = false;
    const stop = subscribeRegion(() => (changedMeanwhile = true));
    dataset.regionDetection = 'running';
    // A kept page names no country (it is everyone's in its region): the shop says it, never kept.
    const country = config.country ?? (await edgeCountry());
    const result = await detectRegion(browserDetectionSteps({ ...config, country }));
    // Islands showing prices hydrate before the switch; a pick the visitor makes meanwhile still wins.
    if (!changedMeanwhile && result.region !== getRegion()) await hydrateRegionIslands();
    stop();
    if (!changedMeanwhile) await apply(result);
    dataset.regionDetection = 'done';
  });
}
