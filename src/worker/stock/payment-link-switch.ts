import { and, eq, inArray, sql } from 'drizzle-orm';
import { productPaymentLinks } from '#shared/catalogue/payment-links.ts';
import { availableOf } from '#shared/catalogue/stock-level.ts';
import type { Db } from '#worker/db/client.ts';
import { stock } from '#worker/stock/stock-tables.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { heldUnits } from './stock-queries.ts';

export interface LinkSwitchDeps {
  db: Db;
  /** Null without STRIPE_SECRET_KEY: links cannot be switched, so they are left alone. */
  gateway: CheckoutGateway | null;
  log: Logger;
}

/**
 * A payment link holds nothing while its buyer pays, so the moment a product has none available its
 * links are switched off in Stripe, and on again once it has (a restock, a return, a checkout's hold
 * let go). `links_active` remembers the last switch: the delivery that flips it (compare-and-set)
 * alone calls Stripe, and a call that fails flips it back for the next change to try again.
 */
export async function syncPaymentLinks(deps: LinkSwitchDeps, productIds: readonly number[], opts: { force?: boolean } = {}): Promise<void> {
  // Run after the answer: it reports its failures and never rejects.
  await switchLinks(deps, productIds, opts.force ?? false).catch((err: unknown) =>
    deps.log('error', 'payment links not checked', errorFields(err)),
  );
}

/**
 * `force`: the links are set to what the stock wants whatever `links_active` says (a product new to the
 * shop, or one whose file names new links: Stripe makes every link active, whatever the stock).
 */
async function switchLinks(deps: LinkSwitchDeps, productIds: readonly number[], force: boolean): Promise<void> {
  const { db, gateway, log } = deps;
  if (!gateway || productIds.length === 0) return;
  const rows = await db
    .select({ productId: stock.productId, onHand: stock.onHand, reserved: heldUnits().mapWith(Number), linksActive: stock.linksActive })
    .from(stock)
    .where(inArray(stock.productId, [...new Set(productIds)]));
  const productById = await productLookup(
    db,
    rows.filter((row) => force || availableOf(row) > 0 !== row.linksActive).map((row) => row.productId),
    { listedOnly: false },
  );
  await Promise.all(
    rows.map(async (row) => {
      const wanted = availableOf(row) > 0;
      const product = productById(row.productId);
      if ((wanted === row.linksActive && !force) || !product) return;
      const flipped = await db
        .update(stock)
        .set({ linksActive: wanted })
        .where(and(eq(stock.productId, row.productId), force ? sql`1` : eq(stock.linksActive, !wanted)))
        .returning({ productId: stock.productId });
      if (flipped.length === 0) return; // another delivery switched it
      const urls = productPaymentLinks(product.payment_links);
      try {
        await gateway.setPaymentLinksActive(urls, wanted);
        log('info', wanted ? 'payment links switched on' : 'payment links switched off (none available)', {
          productId: row.productId,
          links: urls.length,
        });
      } catch (err) {
        // Back to what Stripe still has, unless another delivery switched it meanwhile (then its call decides).
        await db
          .update(stock)
          .set({ linksActive: !wanted })
          .where(and(eq(stock.productId, row.productId), eq(stock.linksActive, wanted)));
        log('error', 'payment links not switched', { productId: row.productId, wanted, ...errorFields(err) });
      }
    }),
  );
}
