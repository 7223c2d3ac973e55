import { inArray, sql } from 'drizzle-orm';
import { productTag } from '#shared/caching/cache-tags.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { errorFields } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import { stock } from '#worker/stock/stock-tables.ts';
import { syncPaymentLinks, type LinkSwitchDeps } from './payment-link-switch.ts';
import { heldUnits } from './stock-queries.ts';

export interface StockChangeDeps extends LinkSwitchDeps {
  settings: Pick<Settings, 'LOW_STOCK_AT'>;
  changes: ChangeFeed;
}

/**
 * After any write that moves stock (a sale, a hold or its release, a restock, a count, a return):
 * the products' payment links follow what is available, and the products whose shown stock changed
 * ("In Stock", "3 in stock", "Out of Stock": shownStock) have their pages purged. Which ones changed
 * is decided in one statement (compare-and-set on `shown_label`), so two writers at once tell once.
 * Never throws: the write it follows has happened.
 */
export async function stockChanged(deps: StockChangeDeps, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await syncPaymentLinks(deps, ids);
  try {
    const lowAt = deps.settings.LOW_STOCK_AT;
    const available = sql`max(0, ${stock.onHand} - ${heldUnits()})`;
    const shown = sql`(case when ${available} <= 0 then 'Out of Stock' when ${available} <= ${lowAt} then ${available} || ' in stock' else 'In Stock' end)`;
    const changed = await deps.db
      .update(stock)
      .set({ shownLabel: shown })
      .where(sql`${inArray(stock.productId, ids)} and ${stock.shownLabel} is not ${shown}`)
      .returning({ productId: stock.productId });
    if (changed.length > 0) await deps.changes.publish(changed.map((r) => productTag(r.productId)));
  } catch (err) {
    deps.log('error', 'stock change not told to the pages', { productIds: ids, ...errorFields(err) });
  }
}
