import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { METRICS } from '#shared/vitals/metrics.ts';
import { now } from '#worker/db/table-parts.ts';

/**
 * Field data: one row per metric of one page view, as POST /vitals received it. Nothing about the
 * visitor (no address, cookie or user agent): the page's route pattern, the market, a device class
 * from the viewport. Rows older than VITALS_KEEP_DAYS are deleted by the scheduled job.
 */
export const webVitals = sqliteTable(
  'web_vitals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pageType: text('page_type').notNull(),
    market: text('market'),
    device: text('device').notNull(),
    metric: text('metric', { enum: METRICS }).notNull(),
    value: real('value').notNull(),
    rating: text('rating').notNull(),
    /** For LCP, INP and CLS: the element (a CSS selector, capped) web-vitals' attribution names. */
    target: text('target'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('web_vitals_created_idx').on(t.createdAt)],
);
