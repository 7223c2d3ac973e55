import { z } from 'zod';
import { markets } from '#shared/market/market.ts';
import { MAX_VITALS_ENTRIES, MAX_TARGET, MAX_VALUE, METRICS, ratingOf } from '#shared/vitals/metrics.ts';
import { PAGE_TYPES } from '#shared/vitals/page-type.ts';

// oxlint-disable-next-line no-control-regex -- refusing control characters is the point
const PRINTABLE = /^[^\u0000-\u001F\u007F-\u009F]*$/;

const entry = z
  .object({
    metric: z.enum(METRICS),
    value: z.number().finite().min(0),
    // A CSS selector: printable text only (it is printed in the operator's terminal by npm run vitals).
    target: z.string().max(MAX_TARGET).regex(PRINTABLE, 'control characters').optional(),
  })
  .strict()
  .refine((e) => e.value <= MAX_VALUE[e.metric], { message: 'value out of range', path: ['value'] });

/** One page view's report as POST /vitals takes it (client/vitals.ts sends it); anything else is refused whole. */
export const vitalsBatch = z
  .object({
    pageType: z.enum(PAGE_TYPES as [string, ...string[]]),
    market: z.enum(markets).nullable(),
    device: z.enum(['phone', 'tablet', 'desktop']),
    entries: z.array(entry).min(1).max(MAX_VITALS_ENTRIES),
  })
  .strict()
  // One view reports each metric once: ten LCPs in one batch would count as ten views.
  .refine((b) => new Set(b.entries.map((e) => e.metric)).size === b.entries.length, { message: 'a metric repeated', path: ['entries'] });

export type VitalsBatchInput = z.infer<typeof vitalsBatch>;

/** The rows a report becomes: rated here, never trusting a rating the browser sends. */
export function vitalsRows(batch: VitalsBatchInput) {
  return batch.entries.map((e) => ({
    pageType: batch.pageType,
    market: batch.market,
    device: batch.device,
    metric: e.metric,
    value: e.value,
    rating: ratingOf(e.metric, e.value),
    target: e.metric === 'LCP' || e.metric === 'INP' || e.metric === 'CLS' ? (e.target ?? null) : null,
  }));
}
