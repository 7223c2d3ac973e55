import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { parseCart, type CartLine } from '#shared/cart/cart.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { marketHref, marketOfStored, type Market } from '#shared/market/market.ts';
import { site } from '#shared/site/brand.ts';
import { mailUnsubscribePath } from '#shared/mail/unsubscribe-links.ts';
import { nowIso } from '#worker/base/clock.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { newToken } from '#worker/base/secret-tokens.ts';
import type { Db } from '#worker/db/client.ts';
import { checkoutRecoveries } from '#worker/recovery/recovery-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { optedOut, optOut } from '#worker/limits/mail-opt-outs.ts';
import { sendOwedNow, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import type { SessionRecord } from '#worker/payments/checkout-gateway.ts';
import { productLookup } from '#worker/products/product-queries.ts';

/** A buyer who paid within this long of a session's end has come back already: no reminder. */
const PAID_SINCE_MS = 24 * 3_600_000;
/** Reminders one address may be sent, whoever starts the checkouts that name it (from any number of networks). */
export const REMINDER_LIMITS = [
  { count: 1, withinMs: 86_400_000 },
  { count: 3, withinMs: 30 * 86_400_000 },
] as const;

/**
 * The reminder's row, kept in one statement only when the session has none yet and the address is
 * under REMINDER_LIMITS (two sessions expiring at once cannot both pass); its id, or null.
 */
async function keepReminder(
  db: Db,
  row: { sessionId: string; email: string; market: Market | null; cart: string },
): Promise<number | null> {
  const at = nowIso();
  const token = newToken();
  const under = REMINDER_LIMITS.map(
    ({ count, withinMs }) =>
      sql`(select count(*) from ${checkoutRecoveries} where ${checkoutRecoveries.email} = ${row.email} and ${checkoutRecoveries.createdAt} > ${new Date(Date.parse(at) - withinMs).toISOString()}) < ${count}`,
  );
  await db.run(
    sql`insert or ignore into ${checkoutRecoveries} (session_id, email, market, cart, token, confirmation_wanted, created_at)
      select ${row.sessionId}, ${row.email}, ${row.market}, ${row.cart}, ${token}, 0, ${at} where ${sql.join(under, sql` and `)}`,
  );
  const [kept] = await db.select({ id: checkoutRecoveries.id }).from(checkoutRecoveries).where(eq(checkoutRecoveries.token, token));
  return kept?.id ?? null;
}

export const restorePath = (token: string) => `/cart/restore/${token}`;

/**
 * A cart's session expired unpaid: when its shopper agreed to promotional mail at Stripe and gave an
 * address, has not asked for no more, and has not paid since (the same browser or the same address,
 * within a day), one reminder is owed (one row per session: a replayed event adds nothing) and sent now
 * through the owed-mail queue. Answers whether a reminder is owed.
 */
export async function oweRecovery(deps: MailDeps & { log: Logger }, session: SessionRecord): Promise<boolean> {
  const { db, settings } = deps;
  const cart = session.metadata.cart;
  if (session.status !== 'expired' || !session.promotionsConsent || !session.email || !cart) return false;
  const email = session.email.toLowerCase();
  if (await optedOut(db, settings.RATE_LIMIT_SECRET, email)) return false;
  const since = new Date(Date.now() - PAID_SINCE_MS).toISOString();
  const buyer = session.metadata.buyer;
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['paid', 'pending', 'partially_refunded']),
        gt(orders.createdAt, since),
        buyer ? or(eq(sql`lower(${orders.email})`, email), eq(orders.buyerHash, buyer)) : eq(sql`lower(${orders.email})`, email),
      ),
    )
    .limit(1);
  if (paid) return false;
  const kept = await keepReminder(db, { sessionId: session.id, email, market: marketOfStored(session.metadata.region), cart });
  if (kept === null) return false;
  try {
    await sendOwedNow(recoveryMail, deps, deps.log, eq(checkoutRecoveries.id, kept), 1);
  } catch (err) {
    deps.log('error', 'checkout reminder not sent now (the retry job sends it)', errorFields(err));
  }
  return true;
}

/** The reminder: what was in the cart, the link that puts it back, one-click unsubscribe (RFC 8058). */
export const recoveryMail: OwedMailKind<typeof checkoutRecoveries> = {
  name: 'checkout reminder',
  table: checkoutRecoveries,
  async mails(deps, row) {
    const { lines } = parseCart(row.cart);
    const byId = await productLookup(
      deps.db,
      lines.map((l) => l.id),
      { listedOnly: false },
    );
    const market = row.market as Market | null;
    const link = (path: string) => new URL(marketHref(market, path), deps.settings.SITE_URL).href;
    const unsubscribe = link(mailUnsubscribePath(row.token));
    return {
      notification: {
        mailId: `checkout-reminder-${row.sessionId.slice(-24)}`,
        to: row.email,
        from: deps.settings.CONTACT_FROM_EMAIL,
        subject: `Your cart at ${site.brand} is waiting`,
        text: [
          'You left these in your cart:',
          ...lines.map((l) => `- ${l.quantity} × ${plainName(byId(l.id)?.name ?? `product ${l.id}`)}`),
          '',
          `Put them back in your cart (as long as we have them in stock): ${link(restorePath(row.token))}`,
          '',
          `You agreed to hear from us at checkout. No more mail like this: ${unsubscribe}`,
          '',
          site.brand,
        ].join('\n'),
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      confirmation: null,
    };
  },
};

/** The cart a reminder's link puts back, or null for a link that is not one. */
export async function recoveredCart(db: Db, token: string): Promise<CartLine[] | null> {
  const [row] = await db.select({ cart: checkoutRecoveries.cart }).from(checkoutRecoveries).where(eq(checkoutRecoveries.token, token));
  return row ? parseCart(row.cart).lines : null;
}

/** The reminder's address asks for no more promotional mail; false for a link that is not one. */
export async function optOutByToken(db: Db, secret: string | undefined, token: string): Promise<boolean> {
  const [row] = await db.select({ email: checkoutRecoveries.email }).from(checkoutRecoveries).where(eq(checkoutRecoveries.token, token));
  if (!row) return false;
  await optOut(db, secret, row.email);
  return true;
}

/** A Checkout Session expired: a reminder owed if its shopper agreed to one. */
export const expiredSessionReminder: StripeEventHandler<MailDeps & { log: Logger }> = async (deps, input) => {
  const session = await input.session();
  return { reminded: session ? await oweRecovery(deps, session) : false };
};
