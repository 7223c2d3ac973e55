import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatMinor } from '#shared/money.ts';
import { creditFor, overLimit, unitsByProduct, type ReturnState } from '#shared/orders/return-rules.ts';
import { refundLeft, refundsAsked } from '#shared/orders/refund-rules.ts';
import { nowIso } from '#worker/base/clock.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { returnRequests, type OrderMailKind, type OrderStepDetail } from '#worker/db/schema.ts';
import { orderById } from '#worker/orders/order-queries.ts';
import { sendOrderStepMails } from '#worker/orders/order-step-mail.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import { returnGoods, type OrderActionDeps } from '#worker/fulfilment/order-fulfilment.ts';
import { findOrder } from '#worker/orders/order-queries.ts';
import { refundOrder } from '#worker/refunds/refund-order.ts';
import { CheckoutUnavailableError } from '#worker/payments/checkout-gateway.ts';
import { returnByNumber, type ReturnRequest } from './return-queries.ts';
import { plainName, productPath } from '#shared/catalogue/product.ts';
import { marketHref, marketOfCurrency } from '#shared/market/market.ts';
import type { Currency } from '#shared/region/region.ts';
import { productLookup } from '#worker/products/product-queries.ts';

/** The request by its number, or a Refusal (404). */
async function requestNamed(deps: OrderActionDeps, number: string) {
  const request = await returnByNumber(deps.db, number);
  if (!request) throw new Refusal(`There is no return request ${number.slice(0, 24)}.`, 'unknown');
  const order = await orderById(deps.db, request.orderId);
  if (!order) throw new Refusal(`Return ${number} has no order.`, 'unknown');
  return { request, order };
}

/**
 * Moves a request from one state to the next, with its step and the shopper's mail, in one batch that
 * lands only if the request was still in `from` (two taps, two owners: one moves it).
 */
async function move(
  deps: OrderActionDeps,
  request: ReturnRequest,
  to: { from: ReturnState; state: ReturnState; answer: string | null; detail: OrderStepDetail; mail: OrderMailKind | undefined },
  by: string,
) {
  const at = nowIso();
  const [moved] = await deps.db.batch([
    deps.db
      .update(returnRequests)
      .set({ state: to.state, answer: to.answer, decidedBy: by, decidedAt: at })
      .where(and(eq(returnRequests.id, request.id), eq(returnRequests.state, to.from)))
      .returning({ id: returnRequests.id }),
    ...stepStatements(deps.db, {
      orderId: request.orderId,
      step: `return:${request.number}:${to.state}`,
      kind: `return_${to.state}` as 'return_accepted' | 'return_refused' | 'return_received',
      detail: { request: request.number, lines: request.lines, wants: request.outcome, by, ...to.detail },
      mail: to.mail,
      when: sql`exists (select 1 from ${returnRequests} where ${returnRequests.id} = ${request.id} and ${returnRequests.decidedAt} = ${at} and ${returnRequests.state} = ${to.state})`,
      at,
    }),
  ]);
  if (moved.length === 0) throw new Refusal(`Return ${request.number} changed meanwhile: look at it again.`);
  await sendOrderStepMails(deps, deps.log, request.orderId);
}

const stateRefusal = (request: ReturnRequest, wanted: ReturnState) =>
  new Refusal(`Return ${request.number} is ${request.state}, not ${wanted}: nothing was done.`);

/** The shop accepts a request: the shopper is mailed once that it is accepted and where to send the parcel. */
export async function acceptReturn(deps: OrderActionDeps, number: string, by: string): Promise<string> {
  const { request } = await requestNamed(deps, number);
  if (request.state !== 'requested') throw stateRefusal(request, 'requested');
  await move(deps, request, { from: 'requested', state: 'accepted', answer: null, detail: {}, mail: 'return_accepted' }, by);
  return `${request.number}: accepted; the shopper is told where to send it.`;
}

/** The shop refuses a request, saying why (the shopper is mailed the reason once). */
export async function refuseReturn(deps: OrderActionDeps, number: string, why: string, by: string): Promise<string> {
  const answer = why.trim().slice(0, 500);
  if (!answer) throw new Refusal('Say why it is refused: the shopper is sent your words.', 'invalid');
  const { request } = await requestNamed(deps, number);
  if (request.state !== 'requested') throw stateRefusal(request, 'requested');
  await move(deps, request, { from: 'requested', state: 'refused', answer, detail: { answer }, mail: 'return_refused' }, by);
  return `${request.number}: refused; the shopper is told why.`;
}

/**
 * The store credit code of a request: drawn once and kept on the request before Stripe is asked, so a
 * second try asks for the same code with the same idempotency key (never two codes for one return).
 * Random (64 bits drawn, about 55 kept once upper-cased): a code anyone could guess would be anyone's credit.
 */
async function creditCodeOf(deps: OrderActionDeps, request: ReturnRequest, prefix: 'CREDIT' | 'EXCHANGE'): Promise<string> {
  const drawn = `${prefix}-${randomToken(8)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '7')}`;
  await deps.db
    .update(returnRequests)
    .set({ code: drawn })
    .where(and(eq(returnRequests.id, request.id), eq(returnRequests.state, 'accepted'), isNull(returnRequests.code)));
  const kept = await returnByNumber(deps.db, request.number);
  const code = kept?.state === 'accepted' ? kept.code : null;
  if (!code) throw new Refusal(`Return ${request.number} changed meanwhile: look at it again.`);
  return code;
}

/** A single-use Stripe promotion code for this request, worth `amount` in the order's currency; a Refusal when Stripe does not make it. */
async function issueCode(deps: OrderActionDeps, request: ReturnRequest, currency: string, amount: number, prefix: 'CREDIT' | 'EXCHANGE') {
  if (!deps.gateway) throw new Refusal('Store credit and exchanges need Stripe, which is not set up on this shop.');
  const code = await creditCodeOf(deps, request, prefix);
  try {
    await deps.gateway.createCreditCode(
      { code, amount, currency, name: `${prefix === 'CREDIT' ? 'Store credit' : 'Exchange'} ${request.number}`.slice(0, 40) },
      `credit-${request.number}`,
    );
  } catch (err) {
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    throw new Refusal(`Stripe did not make the code${status ? ` (error ${status})` : ''}: nothing was issued. Try again.`, 'unavailable');
  }
  return code;
}

/** The product an exchange is for: its name, its page, and the market its code works in (the order's currency). */
async function exchangeOf(deps: OrderActionDeps, request: ReturnRequest, currency: Currency) {
  const id = request.exchangeFor;
  const product = id === null ? undefined : (await productLookup(deps.db, [id], { listedOnly: false }))(id);
  if (!product)
    throw new Refusal(`The product return ${request.number} is to be exchanged for is not in the catalogue any more: refund it instead.`);
  return { name: plainName(product.name), path: productPath(product), market: marketOfCurrency[currency] };
}

/** Units of products in these lines (a line without a product moves no stock and is not sent back). */
const units = (lines: ReadonlyArray<{ productId: number | null; quantity: number }>) =>
  lines.reduce((sum, l) => sum + (l.productId === null ? 0 : l.quantity), 0);

/**
 * The parcel arrived: the request is settled as the shopper asked. A refund goes through Stripe
 * (refundOrder: recorded, and the shopper mailed, when Stripe's webhook confirms it); store credit is
 * a single-use Stripe promotion code worth 110%, mailed; a replacement is the shop's to send (the
 * shopper is told). The Stripe call's idempotency key is the request's, so a second try makes nothing
 * more. Only the units the owner marks resaleable go back in stock.
 */
export async function receiveReturn(
  deps: OrderActionDeps,
  number: string,
  resaleable: Array<{ productId: number; quantity: number }>,
  by: string,
): Promise<string> {
  const { request, order } = await requestNamed(deps, number);
  if (request.state !== 'accepted') throw stateRefusal(request, 'accepted');
  const money = (minor: number) => formatMinor(minor, order.currency);
  const over = overLimit(unitsByProduct(request.lines), resaleable);
  if (over)
    throw new Refusal(`Return ${request.number} sends back ${over.open ?? 0} of product ${over.productId}, not ${over.units}.`, 'invalid');
  const said: string[] = [];
  let settled: { answer: string; detail: OrderStepDetail; mail: OrderMailKind | undefined };
  if (request.outcome === 'refund') {
    const { steps } = await findOrder(deps.db, order.number);
    // The policy: a whole order returned within the window also gets its shipping back.
    const whole = request.reason !== 'warranty_fault' && units(request.lines) === units(order.lines);
    const amount = Math.min(request.value + (whole ? order.shipping : 0), refundLeft(order, refundsAsked(steps)));
    if (amount <= 0) throw new Refusal(`Order ${order.number} has nothing left to refund.`);
    said.push(await refundOrder(deps, { number: order.number, amount, goodsBack: null, intent: `return-${request.number}` }, by));
    // The refund's own mail (sent once Stripe confirms it) tells the shopper: nothing more here.
    settled = { answer: `refunded ${money(amount)}`, detail: { amount }, mail: undefined };
  } else if (request.outcome === 'credit' || request.outcome === 'exchange') {
    // Store credit is worth 110%; an exchange's code takes off what came back, and the shopper pays the difference at checkout.
    const exchange = request.outcome === 'exchange' ? await exchangeOf(deps, request, order.currency) : null;
    const amount = exchange ? request.value : creditFor(request.value);
    const code = await issueCode(deps, request, order.currency, amount, exchange ? 'EXCHANGE' : 'CREDIT');
    if (exchange) {
      const link = new URL(
        `${marketHref(exchange.market, `/discount/${code}`)}?redirect=${encodeURIComponent(marketHref(exchange.market, exchange.path))}`,
        deps.settings.SITE_URL,
      ).href;
      const answer = `exchange for ${exchange.name}: code ${code}, ${money(amount)} off`;
      settled = { answer, detail: { amount, code, url: link, answer: exchange.name }, mail: 'return_received' };
      said.push(
        `${request.number}: exchange code ${code} (${money(amount)} off ${exchange.name}) mailed to the shopper, who pays the difference at checkout.`,
      );
    } else {
      settled = { answer: `store credit ${money(amount)}, code ${code}`, detail: { amount, code }, mail: 'return_received' };
      said.push(`${request.number}: store credit of ${money(amount)} issued as code ${code} and mailed to the shopper.`);
    }
  } else {
    const answer = 'We are sending you a repair or a replacement and e-mail you when it is on its way.';
    settled = { answer: 'replacement to send', detail: { answer }, mail: 'return_received' };
    said.push(`${request.number}: received; send the replacement (the shopper is told it is coming).`);
  }
  await move(deps, request, { from: 'accepted', state: 'received', ...settled }, by);
  const back = resaleable.filter((l) => l.quantity > 0);
  if (back.length > 0) said.push(await returnGoods(deps, { number: order.number, lines: back }, by));
  else said.push('Nothing went back in stock.');
  return said.join(' ');
}
