import { sql } from 'drizzle-orm';
import { askBack, askExchange } from '#shared/after-sale/ledger-moves.ts';
import { returnable, unitsBack } from '#shared/after-sale/order-ledger.ts';
import {
  allowed,
  linesRefusal,
  RETURN_NOTE_MAX,
  returnedValue,
  returnWindow,
  type AskedLine,
  type ReturnOutcome,
  type ReturnReason,
} from '#shared/after-sale/return-rules.ts';
import { displayPrice } from '#shared/catalogue/prices.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { formatMinor, toMinorUnits } from '#shared/money.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { returnRequests } from './after-sale-tables.ts';
import { mailOwedSteps, onLedger, readLedger } from './accounts/ledger-store.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import { orderSteps, type OrderStep } from '#worker/orders/order-steps.ts';
import { listedProducts } from '#worker/products/product-queries.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { syncRefunds } from './accounts/refund-events.ts';
import { returnsOfOrder } from './return-queries.ts';

export interface ReturnAsk {
  lines: AskedLine[];
  reason: ReturnReason;
  wants: ReturnOutcome;
  /** An exchange's product id (one unit). */
  exchangeFor: number | null;
  note: string | null;
}

/** When the order was shipped (its shipped step), or null. */
export const shippedAt = (steps: readonly OrderStep[]) => steps.find((s) => s.kind === 'shipped')?.at ?? null;

/** What one unit of each product still returnable is worth (its share of what was paid for goods). */
const unitValues = (order: StoredOrder, open: ReadonlyMap<number, number>) =>
  [...open].filter(([, n]) => n > 0).map(([productId]) => returnedValue(order, [{ productId, quantity: 1 }]));

/**
 * What an exchange may be for: listed products in stock now, each worth at least any one unit that
 * may go back (so none offered is cheaper than what goes back), cheapest first, priced in the order's currency.
 */
export async function exchangeChoices(db: Db, order: StoredOrder, open: ReadonlyMap<number, number>) {
  const floor = Math.max(0, ...unitValues(order, open));
  const [listed, counts] = await Promise.all([listedProducts(db), stockCounts(db, 'catalogue')]);
  const available = new Map(counts.map((c) => [c.productId, c.onHand - c.reserved]));
  return listed
    .map(({ doc }) => ({ id: doc.id, name: plainName(doc.name), price: toMinorUnits(displayPrice(doc, order.currency)) }))
    .filter((p) => p.price >= floor && (available.get(p.id) ?? 1) > 0)
    .toSorted((a, b) => a.price - b.price);
}

/** Everything the order page's return form needs: the window, the requests so far, what of each product may still be asked back, and the timeline it read. */
export async function returnContext(db: Db, order: StoredOrder, now = Date.now()) {
  const [steps, requests, read] = await Promise.all([orderSteps(db, order.id), returnsOfOrder(db, order.id), readLedger(db, order.id)]);
  const window = returnWindow(
    { shippedAt: shippedAt(steps), region: order.region, shippingOption: order.shippingOption, status: order.status },
    now,
  );
  const open = read ? returnable(read.ledger) : new Map<number, number>();
  const { bought, back } = read ? unitsBack(read.ledger) : { bought: 0, back: 0 };
  // Every unit back, or every unit asked back already: nothing more can be asked.
  const closed =
    bought > 0 && back >= bought
      ? { open: null, why: 'its goods have come back to us' }
      : read && [...open.values()].every((n) => n === 0)
        ? { open: null, why: 'every item on it has been asked back already' }
        : null;
  return { window: closed ?? window, requests, open, ledger: read?.ledger ?? null, steps };
}

/** The product an exchange asks for, in stock and worth at least what goes back, with its price; else a Refusal. */
async function exchangeProduct(db: Db, order: StoredOrder, id: number | null, lines: readonly AskedLine[], value: number) {
  if (lines.reduce((n, l) => n + l.quantity, 0) !== 1)
    throw new Refusal('An exchange is one item for one other: choose one item to send back.', 'invalid');
  const choice = (await exchangeChoices(db, order, new Map(lines.map((l) => [l.productId, l.quantity])))).find((p) => p.id === id);
  if (!choice) {
    throw new Refusal(
      `Choose the product you would like instead from the list: one in stock and worth at least ${formatMinor(value, order.currency)}.`,
      'invalid',
    );
  }
  return choice;
}

/**
 * A shopper's return or warranty claim (the caller has checked the order's token): inside the
 * policy's window, for units bought and not yet asked or taken back (the ledger's returnable). The
 * request, its ledger entries (and an exchange's), its step, the shopper's mail and the shop's, in
 * one batch that lands only on the ledger it was decided on. Answers the request's number, or throws
 * a Refusal in the shopper's words.
 */
export async function requestReturn(deps: OrderActionDeps, order: StoredOrder, ask: ReturnAsk): Promise<string> {
  const { window } = await returnContext(deps.db, order);
  if (!window.open) throw new Refusal(`This order cannot be returned: ${window.why}.`);
  const may = allowed(window);
  if (!may.reasons.includes(ask.reason) || !may.outcomes.includes(ask.wants)) {
    throw new Refusal(
      window.open === 'warranty'
        ? 'The 14-day return window has closed: only a warranty claim for a fault (a repair or a replacement) can be made now.'
        : 'Choose a reason and what you would like back from the choices given.',
      'invalid',
    );
  }
  const lines = ask.lines.filter((l) => l.quantity > 0);
  const value = returnedValue(order, lines);
  const exchange = ask.wants === 'exchange' ? await exchangeProduct(deps.db, order, ask.exchangeFor, lines, value) : null;
  // An exchange's goods stand for what is left of the payment now: refunds made in Stripe's Dashboard count first.
  if (exchange && deps.gateway && order.paymentIntent) {
    try {
      await syncRefunds({ ...deps, gateway: deps.gateway }, order, null, order.paymentIntent);
    } catch {
      throw new Refusal(
        'The exchange cannot be priced just now: try again in a minute (a return for a refund or credit can be asked now).',
        'unavailable',
      );
    }
  }
  const note = ask.note?.trim().slice(0, RETURN_NOTE_MAX) || null;
  const { value: requested } = await onLedger(deps.db, order.id, 'shopper', async (ledger) => {
    const refusal = linesRefusal(returnable(ledger), lines);
    if (refusal) throw new Refusal(refusal, 'invalid');
    const requests = await returnsOfOrder(deps.db, order.id);
    const number = `${order.number}-R${requests.length + 1}`;
    const asked = askBack(ledger, number, lines);
    const exchanged = exchange ? askExchange(ledger, number, exchange.id, exchange.price, value) : { entries: [] };
    if ('refusal' in exchanged) throw new Refusal(`This exchange cannot be made: ${exchanged.refusal}.`, 'invalid');
    if ('refusal' in asked) return { move: asked, value: number };
    const difference = exchanged.entries.reduce((sum, e) => sum + e.amount - e.basis, 0);
    const detail = {
      request: number,
      lines,
      reason: ask.reason,
      wants: ask.wants,
      ...(exchange && { answer: exchange.name, amount: difference }),
    };
    return {
      move: { entries: [...asked.entries, ...exchanged.entries] },
      value: number,
      // The shop is told too: its own mail of the same step.
      steps: [{ step: `return:${number}:requested`, kind: 'return_requested', detail, mail: ['return_requested', 'return_to_shop'] }],
      effects: (landed, at) => [
        deps.db.run(
          sql`insert into ${returnRequests} (number, order_id, reason, outcome, lines, note, value, exchange_for, created_at)
            select ${number}, ${order.id}, ${ask.reason}, ${ask.wants}, ${JSON.stringify(lines)}, ${note}, ${value}, ${exchange?.id ?? null}, ${at} where ${landed}`,
        ),
      ],
    };
  });
  await mailOwedSteps(deps, order.id);
  return requested;
}
