import { eq, sql } from 'drizzle-orm';
import { marketHref, type Market } from '#shared/market/market.ts';
import { ORDERS_LINK_MINUTES, ORDERS_LINK_WINDOW, ORDERS_MAIL_WINDOW } from '#shared/orders/your-orders-rules.ts';
import { site } from '#shared/site/brand.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { recipientKey, senderKey } from '#worker/limits/sender-key.ts';
import type { MailMessage } from '#worker/mail/mailer.ts';
import type { MailDeps } from '#worker/mail/send-owed.ts';
import { makeOrdersLink, unusedOrdersLinkSince } from './access-tokens.ts';

type AskDeps = MailDeps & { log: Logger };

export const ORDERS_LINK_PATH = '/orders/link';
/** While a link mailed this recently is unused, another ask mails nothing (that link still works). */
const MAIL_EVERY_MINUTES = 5;

/** The mail with the one-time link, in the market the shopper asked from. */
export function ordersLinkEmail(to: string, token: string, market: Market | null, settings: AskDeps['settings']): MailMessage {
  const url = new URL(`${marketHref(market, ORDERS_LINK_PATH)}?token=${token}`, settings.SITE_URL).href;
  return {
    mailId: `orders-link-${token.slice(0, 12)}`,
    to,
    from: settings.CONTACT_FROM_EMAIL,
    subject: `Your orders at ${site.brand}`,
    text: [
      `Someone (we hope you) asked to see the orders placed at ${site.brand} with this address.`,
      '',
      `Open this link within ${ORDERS_LINK_MINUTES} minutes to see them; it works once:`,
      url,
      '',
      'If you did not ask, ignore this mail: nobody sees your orders without the link.',
    ].join('\n'),
  };
}

/**
 * An ask for the link to one's orders: counted against the sender's network (ORDERS_LINK_RATE_LIMIT
 * per 15 minutes, durable: then 429), then, only for an address that has orders, a link made and
 * mailed by `later` (the answer does not wait, so an address with orders and one without take the
 * same time and get the same words). An address is mailed at most ORDERS_MAIL_WINDOW's few times an
 * hour, and not again while a link mailed in the last few minutes is unused.
 */
export async function askForOrders(
  deps: AskDeps,
  ask: { email: string; sender: string | undefined; market: Market | null },
  later: (work: Promise<unknown>) => void,
): Promise<{ limited: false } | { limited: true; retryAfterS: number }> {
  const { db, settings, log } = deps;
  const limit = { ...ORDERS_LINK_WINDOW, limit: settings.ORDERS_LINK_RATE_LIMIT };
  const bySender = await takeHit(db, limit, await senderKey(settings.RATE_LIMIT_SECRET, ask.sender));
  if (!bySender.allowed) {
    log('warn', 'orders link rate limited', {});
    return { limited: true, retryAfterS: bySender.retryAfterS };
  }
  later(
    (async () => {
      // The address as orders hold it, in any case: the orders_email_idx on lower(email).
      const [any] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(sql`lower(${orders.email})`, ask.email))
        .limit(1);
      if (!any) return log('info', 'orders link asked for an address without orders: nothing mailed', {});
      if (await unusedOrdersLinkSince(db, ask.email, Date.now() - MAIL_EVERY_MINUTES * 60_000)) {
        return log('info', 'orders link mailed moments ago: this ask mails nothing', {});
      }
      const byRecipient = await takeHit(db, ORDERS_MAIL_WINDOW, await recipientKey(settings.RATE_LIMIT_SECRET, ask.email));
      if (!byRecipient.allowed) return log('warn', 'orders links to one address: limit reached, nothing mailed', {});
      const token = await makeOrdersLink(db, ask.email);
      await deps.mailer.send(ordersLinkEmail(ask.email, token, ask.market, settings));
      log('info', 'orders link sent', {});
    })().catch((err: unknown) => log('error', 'orders link not sent', errorFields(err))),
  );
  return { limited: false };
}
