import type { OrderMailDeps } from '#worker/orders/order-deps.ts';
import { sql } from 'drizzle-orm';
import { nowIso } from '#worker/base/clock.ts';
import { orderKey, orderUnsubscribeKey } from '#worker/base/secret-tokens.ts';
import { optedOut } from '#worker/limits/mail-opt-outs.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { orderLinesOf } from '#worker/orders/order-queries.ts';
import { sendOrderStepMails } from '#worker/orders/order-mail.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';

const DAY_MS = 86_400_000;
/** Orders invited per run (a minute apart on Cloudflare, within a minute on Node): the rest wait for the next. */
const INVITES_PER_RUN = 100;
/** How far back a run looks past the due day: a shop stopped for longer than this skips those orders' invitations. */
const LOOK_BACK_DAYS = 7;

/**
 * The shipments a run invites: shipped `days` ago (due), looking back LOOK_BACK_DAYS past that
 * (from); and those shipped before that whose parcel was expected within the look-back (a parcel
 * still travelling when its invitation fell due: lateFrom to now, along order_events_expected_idx).
 * Each a bounded range of an index, so a run costs the same however many orders were invited before.
 */
export function inviteWindow(days: number, now: number): { from: string; due: string; lateFrom: string; now: string } {
  return {
    due: new Date(now - days * DAY_MS).toISOString(),
    from: new Date(now - (days + LOOK_BACK_DAYS) * DAY_MS).toISOString(),
    lateFrom: new Date(now - LOOK_BACK_DAYS * DAY_MS).toISOString(),
    now: new Date(now).toISOString(),
  };
}

/** The shipped steps a run may invite for: the two ranges of inviteWindow, parcels arrived or past their expected day. */
export function shipmentsDue(w: ReturnType<typeof inviteWindow>) {
  return sql`
    select order_id, at from order_events
    where status = 'shipped' and at > ${w.from} and at <= ${w.due}
      and (coalesce(json_extract(detail, '$.expected'), at) <= ${w.now}
        or exists (select 1 from order_events d where d.order_id = order_events.order_id and d.step = 'delivered'))
    union all
    select order_id, at from order_events indexed by order_events_expected_idx
    where status = 'shipped' and json_extract(detail, '$.expected') > ${w.lateFrom} and json_extract(detail, '$.expected') <= ${w.now}
      and at <= ${w.from}`;
}

/** A product's review key for an order: from the order's own secret token, so only its buyer's link carries it. */
export const reviewKey = (orderToken: string, productId: number) => orderKey(orderToken, `review:${productId}`);

/** The invitation's keys: one per product's review link, and the unsubscribe link's. */
async function linkKeys(orderToken: string, productIds: number[]): Promise<Record<string, string>> {
  const keys = Object.fromEntries(await Promise.all(productIds.map(async (id) => [String(id), await reviewKey(orderToken, id)] as const)));
  return { ...keys, unsubscribe: await orderUnsubscribeKey(orderToken) };
}

/**
 * Invites buyers to review what they bought, `days` after their order shipped: orders still paid in
 * full (never a refunded one), nothing of it asked or sent back (its ledger's summary), never disputed, with an address; once each, as a step of the order
 * (unique per order) written with its owed mail in one batch, so a run that stops between the two, or
 * two runs at once, invite once; the mail goes through the owed-mail queue (a crash after Postmark took
 * it and before it was marked sent is found by its id, not sent again). Never before the parcel has
 * arrived: marked delivered, or past the day it was expected (shipping names it), so the invitation
 * never stands beside "on its way". Reads two week-long ranges of shipments at most (inviteWindow),
 * INVITES_PER_RUN at a time.
 */
export async function inviteReviews(deps: OrderMailDeps & { log: Logger }, days: number, now = Date.now()): Promise<number> {
  const { db } = deps;
  const rows = await db.all<{ id: number; token: string; email: string }>(sql`
    select o.id as id, o.token as token, o.email as email
    -- cross join: the shipments' two ranges drive, each order then found by its key (never a scan of every shipped order).
    from (${shipmentsDue(inviteWindow(days, now))}) s cross join orders o on o.id = s.order_id
    where o.status = 'paid' and o.fulfilment = 'shipped' and o.email is not null
      and coalesce(json_extract(o.after_sale, '$.asked'), 0) + coalesce(json_extract(o.after_sale, '$.back'), 0) = 0
      and not exists (select 1 from order_events e where e.order_id = o.id and (e.step = 'review_invite' or e.status = 'dispute_opened'))
    order by s.at limit ${INVITES_PER_RUN}`);
  for (const order of rows) {
    try {
      const lines = await orderLinesOf(db, order.id);
      const ids = [...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
      // An address that asked for no more such mail (or an order of nothing reviewable) is marked done
      // without a mail, so it never again takes one of a run's places from the orders behind it.
      const skip = ids.length === 0 || (await optedOut(db, deps.settings.RATE_LIMIT_SECRET, order.email));
      const invite = skip
        ? { kind: 'review_skipped' as const }
        : { kind: 'review_invited' as const, detail: { keys: await linkKeys(order.token, ids) }, mail: 'review_invite' as const };
      await db.batch(
        stepStatements(db, {
          orderId: order.id,
          step: 'review_invite',
          ...invite,
          // An order disputed since the read above is not invited.
          when: sql`not exists (select 1 from order_events e where e.order_id = ${order.id} and e.status = 'dispute_opened')`,
          at: nowIso(),
        }),
      );
      if (!skip) await sendOrderStepMails(deps, deps.log, order.id);
    } catch (err) {
      deps.log('error', 'review invitation failed', { orderId: order.id, ...errorFields(err) });
    }
  }
  return rows.length;
}
