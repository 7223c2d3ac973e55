import type { Market } from '#shared/market/market.ts';
/** The Core Web Vitals and the two that explain them, as web-vitals names them. */
export const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type MetricName = (typeof METRICS)[number];

/** Google's thresholds (web.dev/vitals): at or under `good` is good, over `poor` is poor. CLS is unitless, the rest ms. */
export const THRESHOLDS: Record<MetricName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** The largest value believed: anything above is a broken measurement, refused. */
export const MAX_VALUE: Record<MetricName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, FCP: 120_000, TTFB: 120_000 };

export type Rating = 'good' | 'needs-improvement' | 'poor';

export function ratingOf(metric: MetricName, value: number): Rating {
  const t = THRESHOLDS[metric];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs-improvement' : 'poor';
}

/** One view's report: where (page type, market, device class) and each metric's final value. */
export interface VitalsBatch {
  pageType: string;
  market: Market | null;
  device: 'phone' | 'tablet' | 'desktop';
  entries: Array<{ metric: MetricName; value: number; target?: string }>;
}

/** At most this many entries per batch, and this long a target selector. */
export const MAX_VITALS_ENTRIES = 10;
export const MAX_TARGET = 100;
/** The largest body /vitals reads. */
export const MAX_BODY_BYTES = 4096;
