import * as fc from 'fast-check';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { orderMails } from '#worker/orders/order-tables.ts';
import { returnsPolicy } from '#shared/policy/figures.ts';
import { formToken } from '../../support/html';
import { deliver, placePaidOrder, shipOrder } from '../../support/paid-orders';
import { afterSaleShop } from '../../support/after-sale-shop';
import { shopper } from '../../support/shopper';

/**
 * Issue 64: random after-sale sequences over HTTP, in the three currencies, each step sometimes
 * posted twice at once (a double tap, a webhook delivered twice): the owner's refunds, Stripe
 * Dashboard refunds, refunds failing at the bank, return requests for a refund, store credit or an
 * exchange, accepted, refused or received, exchange differences paid. What counts is read from
 * outside the shop: Stripe's charges and refunds, the codes and amounts the shopper was mailed and
 * what the shopper's order page says, never the ledger's own figures.
 */
const SECRET = 'whsec_test_sequences';
const shop = afterSaleShop(SECRET);

const MARKETS = [
  { prefix: 'gb', currency: 'GBP', region: 'UK' },
  { prefix: 'eu', currency: 'EUR', region: 'EU' },
  { prefix: 'us', currency: 'USD', region: 'US' },
] as const;
/** Two Reactive Laser Target Systems, free delivery: each may come back for a refund, credit or an exchange for the rifle. */
const UNIT = 19699;
const LINE = { productId: 3, name: 'Reactive Laser Target System', quantity: 2, unitAmount: UNIT };
/** The rifle an exchange asks for, at its catalogue price in each currency (content/products/02-…). */
const RIFLE = { GBP: 35499, EUR: 41399, USD: 44999 };

const mailsTo = (to: string) => shop.mails().filter((m) => m.To === to);
const minorToText = (minor: number) => (minor / 100).toFixed(2);

// Requests get decided more often than not, so that credit, exchanges and their differences happen.
/** A post made `copies` times at once (a double tap, a webhook delivered twice). */
const twice = <T>(copies: number, post: () => Promise<T>) => Promise.all(Array.from({ length: copies }, post));

const step = fc.oneof(
  fc.record({ t: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: UNIT }) }),
  fc.record({ t: fc.constant('dashboard' as const), amount: fc.integer({ min: 1, max: UNIT }) }),
  fc.record({ t: fc.constant('refund-events' as const) }),
  fc.record({ t: fc.constant('fail-refund' as const) }),
  { arbitrary: fc.record({ t: fc.constant('ask' as const), wants: fc.constantFrom('refund', 'credit', 'exchange') }), weight: 3 },
  // The owner takes the latest request a step on (accept, then receive), or refuses it.
  { arbitrary: fc.record({ t: fc.constant('decide' as const), refuse: fc.constantFrom(false, false, false, true) }), weight: 6 },
  { arbitrary: fc.record({ t: fc.constant('pay-difference' as const) }), weight: 2 },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

describe('random after-sale sequences over HTTP in £, € and $', () => {
  it('keep the shop within what was paid, per tender, however the steps and their duplicates interleave', async () => {
    let run = 0;
    const placed: Array<{ email: string; number: string; intents: string[] }> = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MARKETS),
        fc.array(fc.tuple(step, fc.integer({ min: 1, max: 2 })), { minLength: 2, maxLength: 10 }),
        async (market, steps) => {
          run++;
          const email = `sequence-${run}-${Date.now()}@example.com`;
          const { order, session } = await placePaidOrder(shop.running, {
            lines: [LINE],
            shipping: 0,
            email,
            currency: market.currency,
            region: market.region,
          });
          const office = await shop.owner();
          await shipOrder(shop.running, office, order, 1);
          const browser = shopper(shop.t);
          const orderPage = `/${market.prefix}/orders/${order.number}`;
          expect((await browser.get(`${orderPage}?token=${order.token}`)).res.status).toBe(200);
          const charge = () => shop.running.stripe.chargeOf(session);
          const pi = charge().payment_intent;
          /** What each request was asked for, by its number, as the shopper asked it. */
          const wanted = new Map<string, string>();
          const requestsShown = async () => Number(/data-return-requests="(\d+)"/.exec((await browser.get(orderPage)).html)?.[1] ?? 0);
          const creditFace = () => {
            const codes = new Set(mailsTo(email).flatMap((m) => m.TextBody.match(/CREDIT-[A-Z0-9]+/g) ?? []));
            return [...codes].reduce((sum, code) => sum + (shop.running.stripe.promotion(code)?.coupon.amount_off ?? 0), 0);
          };
          /**
           * What the exchanges not refused stand for: the rifle's price less the difference their first
           * payment page asked (as much of the unit's price as was left of the payment when asked).
           */
          const exchangedValue = async () => {
            const text = (await browser.get(orderPage)).html;
            return [...wanted]
              .filter(([r, w]) => w === 'exchange' && !new RegExp(`${r} \\([^)]*\\): not accepted`).test(text))
              .reduce((sum, [r]) => sum + RIFLE[market.currency] - shop.running.stripe.sessionsNaming('exchange', r)[0]!.asked, 0);
          };
          /** Waits until the shop has sent every mail it owes for the order (the shopper's codes are read from them). */
          const mailed = () =>
            vi.waitFor(async () => {
              const owed = await shop.t.deps.db
                .select({ id: orderMails.id })
                .from(orderMails)
                .where(and(eq(orderMails.orderId, order.id), isNull(orderMails.notifiedAt)));
              expect(owed).toEqual([]);
            });

          for (const [s, copies] of steps as Array<[Step, number]>) {
            const latest = `${order.number}-R${await requestsShown()}`;
            switch (s.t) {
              case 'refund': {
                const form = { form_token: formToken(), amount: minorToText(s.amount), confirmed: '1' };
                await twice(copies, () => office.post(`/admin/orders/${order.number}/refund`, form));
                break;
              }
              case 'dashboard': {
                await mailed();
                // The owner refunds by hand only what is really left: the charge's rest less what credit and exchanges stand for.
                const left =
                  charge().amount -
                  charge().amount_refunded -
                  Math.ceil((creditFace() * 100) / returnsPolicy.storeCreditPercent) -
                  (await exchangedValue());
                if (left > 0) shop.running.stripe.refund(session, Math.min(s.amount, left));
                break;
              }
              case 'refund-events':
                await twice(copies, () =>
                  deliver(shop.running, shop.running.stripe.signedObjectEvent('charge.refunded', charge(), SECRET)),
                );
                break;
              case 'fail-refund': {
                const last = shop.running.stripe.refundsOf(pi).findLast((r) => r.status === 'succeeded');
                if (!last) break;
                const failed = shop.running.stripe.failRefund(last.id);
                await twice(copies, () => deliver(shop.running, shop.running.stripe.signedObjectEvent('refund.updated', failed, SECRET)));
                break;
              }
              case 'ask': {
                const before = await requestsShown();
                const asked = { form_token: formToken(), line_3: '1', reason: 'changed_mind', wants: s.wants, exchange_for: '2' };
                await twice(copies, () => browser.post(`${orderPage}/return`, asked));
                const after = await requestsShown();
                // One form (its token) posted twice at once is one request.
                expect(after - before).toBeLessThanOrEqual(1);
                if (after > before) {
                  const request = `${order.number}-R${after}`;
                  wanted.set(request, s.wants);
                  // The shopper sees what the exchange costs: the payment page the shop opens says it.
                  if (s.wants === 'exchange')
                    expect((await browser.get(`${orderPage}/returns/${request}/pay?token=${order.token}`)).res.status).toBe(303);
                }
                break;
              }
              case 'decide': {
                if (!wanted.has(latest)) break;
                const accepted = new RegExp(`${latest} \\([^)]*\\): accepted`).test((await browser.get(orderPage)).html);
                const decision = s.refuse ? 'refuse' : accepted ? 'receive' : 'accept';
                const form = { form_token: formToken(), why: 'Not as described', confirmed: '1' };
                await twice(copies, () => office.post(`/admin/orders/${order.number}/returns/${latest}/${decision}`, form));
                break;
              }
              case 'pay-difference': {
                if (wanted.get(latest) !== 'exchange') break;
                const pay = await browser.get(`${orderPage}/returns/${latest}/pay?token=${order.token}`);
                const opened = /cs_test_\d+/.exec(pay.res.headers.get('location') ?? '')?.[0];
                if (!opened || shop.running.stripe.sessionStatus(opened) !== 'open') break;
                shop.running.stripe.complete(opened);
                await twice(copies, () =>
                  deliver(shop.running, shop.running.stripe.signedEvent('checkout.session.completed', opened, SECRET)),
                );
                break;
              }
            }
          }
          // Stripe's last word on the charge reaches the shop; the mail it owes goes out.
          expect((await deliver(shop.running, shop.running.stripe.signedObjectEvent('charge.refunded', charge(), SECRET))).status).toBe(
            200,
          );

          await mailed();
          // The card: what Stripe gave back, plus what credit and exchanges stand for, is never more than it took.
          const refunded = shop.running.stripe
            .refundsOf(pi)
            .filter((r) => r.status === 'succeeded')
            .reduce((sum, r) => sum + r.amount, 0);
          const creditBasis = (creditFace() * 100) / returnsPolicy.storeCreditPercent;
          expect(refunded + creditBasis + (await exchangedValue())).toBeLessThanOrEqual(charge().amount + 1);
          // Each difference: the shop keeps no more than one payment of it, and none once its exchange is refused.
          const page = (await browser.get(orderPage)).html;
          for (const request of wanted.keys()) {
            const pages = shop.running.stripe.sessionsNaming('exchange', request);
            const kept = pages.reduce((sum, p) => sum + (p.charge ? p.charge.amount - p.charge.amount_refunded : 0), 0);
            expect(kept).toBeLessThanOrEqual(Math.max(0, ...pages.map((p) => p.asked)));
            if (new RegExp(`${request} \\([^)]*\\): not accepted`).test(page)) expect(kept).toBe(0);
          }
          const intents = [
            pi,
            ...[...wanted.keys()].flatMap((r) =>
              shop.running.stripe.sessionsNaming('exchange', r).flatMap((p) => p.charge?.payment_intent ?? []),
            ),
          ];
          placed.push({ email, number: order.number, intents });
        },
      ),
      {
        numRuns: 24,
        examples: [
          // Found by this test: an exchange asked after a Dashboard refund whose webhook had not come was
          // priced on the payment as it was before (2p of goods' value too many); now Stripe's list is read first.
          [
            MARKETS[0],
            [
              [{ t: 'dashboard', amount: 2381 }, 1],
              [{ t: 'dashboard', amount: 17320 }, 1],
              [{ t: 'ask', wants: 'exchange' }, 1],
              [{ t: 'pay-difference' }, 1],
              [{ t: 'decide', refuse: false }, 1],
            ],
          ],
        ],
      },
    );
    // Once the mail owed has gone (nothing new for a moment): each refund the shopper was told of once.
    let count = -1;
    while (count !== shop.running.postmark.accepted.length) {
      count = shop.running.postmark.accepted.length;
      await new Promise((done) => setTimeout(done, 300));
    }
    for (const { email, number, intents } of placed) {
      const told = mailsTo(email).filter((m) => m.Subject === `Refund issued: order ${number}`).length;
      expect(told, number).toBeLessThanOrEqual(intents.flatMap((intent) => shop.running.stripe.refundsOf(intent)).length);
    }
  }, 120_000);
});
