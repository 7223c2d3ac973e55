import { formatMinor } from '#shared/money.ts';
import { ORDER_NUMBER } from '#shared/orders/order-number-pattern.ts';
import { orderTotalRows } from '#shared/orders/order-totals.ts';
import type { Db } from '#worker/db/client.ts';
import { findOrder } from '#worker/orders/order-queries.ts';
import { shipOrder, type Shipment } from '#worker/fulfilment/order-fulfilment.ts';
import type { AfterSaleDeps } from '#worker/after-sale/after-sale-listeners.ts';
import { parcelOf } from '#shared/orders/carriers.ts';
import { markDelivered } from '#worker/fulfilment/order-delivered.ts';
import { returnGoods, type GoodsBack } from '#worker/after-sale/goods-back.ts';
import { orderAmounts } from '#worker/orders/order-queries.ts';
import { formatStep } from '#worker/orders/order-steps.ts';
import { readFlags } from './cli-flags.ts';
import { parseRefundAmount } from '#shared/after-sale/refund-rules.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { refundOrder, type RefundAsked } from '#worker/after-sale/owner-refund.ts';

const USAGE =
  'usage: orders ship <number> --carrier "Royal Mail" --tracking AB123456789GB [--url https://… for a carrier not on the list] | orders delivered <number> [--on 2026-11-28] | orders return <number> [--lines <product id>:<quantity>,…] | orders refund <number> --amount 10.00 [--lines <product id>:<quantity>,…] | orders show <number>';

/** What `npm run orders -- <action> <number>` does: each has its parser below and its action in runOrderCommand. */
export const ORDER_ACTIONS = ['ship', 'delivered', 'return', 'refund', 'show'] as const;

export type OrderCommand =
  | { action: 'show'; number: string }
  | ({ action: 'ship' } & Shipment)
  | { action: 'delivered'; number: string; on: string | null }
  | ({ action: 'return' } & GoodsBack)
  | ({ action: 'refund' } & RefundAsked);

/** Whether a command line names one of the actions (`npm run orders -- ship …`) rather than the list's options. */
export const isOrderAction = (word: string | undefined): word is (typeof ORDER_ACTIONS)[number] =>
  (ORDER_ACTIONS as readonly (string | undefined)[]).includes(word);

/** `--lines 1:1,10:2` as lines; null when not given. */
function readLines(given: string | undefined): GoodsBack['lines'] {
  if (given === undefined) return null;
  const lines = given.split(',').map((entry) => {
    const match = /^(\d+):(\d+)$/.exec(entry.trim());
    if (!match || Number(match[2]) < 1) throw new Error(`--lines ${entry} is not <product id>:<quantity> (e.g. 1:1,10:2)`);
    return { productId: Number(match[1]), quantity: Number(match[2]) };
  });
  if (new Set(lines.map((l) => l.productId)).size < lines.length) throw new Error(`--lines names a product twice: ${given}`);
  return lines;
}

/** Reads `ship SP-… --carrier …`, `delivered SP-… --on 2026-11-28`, `return SP-… --lines 1:1,10:2` or `show SP-…`; throws naming what is wrong, before anything is read or written. */
export function parseOrderCommand(args: readonly string[]): OrderCommand {
  const [action, number, ...rest] = args;
  if (!isOrderAction(action)) throw new Error(`unknown command ${action} (${USAGE})`);
  if (!number || !ORDER_NUMBER.test(number))
    throw new Error(`${number ?? '(missing)'} is not an order number like SP-7K2M-9QX4 (${USAGE})`);
  if (action === 'show') {
    readFlags(rest, [], USAGE);
    return { action, number };
  }
  if (action === 'delivered') return { action, number, on: readFlags(rest, ['--on'], USAGE).get('--on') ?? null };
  if (action === 'ship') {
    const flags = readFlags(rest, ['--carrier', '--tracking', '--url'], USAGE);
    const shipment = {
      number,
      carrier: flags.get('--carrier') ?? null,
      tracking: flags.get('--tracking') ?? null,
      url: flags.get('--url') ?? null,
    };
    // The action's own rule, asked before the database is opened.
    const parcel = parcelOf(shipment);
    if ('refusal' in parcel) throw new Error(parcel.refusal);
    return { action, ...shipment };
  }
  if (action === 'refund') {
    const flags = readFlags(rest, ['--amount', '--lines'], USAGE);
    // The amount's currency is the order's; the refusal's example is only words.
    const typed = parseRefundAmount(flags.get('--amount') ?? '', 'GBP');
    if ('refusal' in typed) throw new Error(`--amount: ${typed.refusal}`);
    // One run of the command is one intent: Stripe makes its refund once.
    return { action, number, amount: typed.amount, goodsBack: readLines(flags.get('--lines')), intent: randomToken(16) };
  }
  return { action, number, lines: readLines(readFlags(rest, ['--lines'], USAGE).get('--lines')) };
}

/** `orders show`: the order, its lines and totals, and its timeline. */
async function show(db: Db, number: string): Promise<string> {
  const { order, steps } = await findOrder(db, number);
  const money = (minor: number) => formatMinor(minor, order.currency);
  return [
    `${order.number}  ${order.createdAt.slice(0, 16).replace('T', ' ')}  ${order.status}, ${order.fulfilment}  ${money(order.total)}${order.refunded > 0 ? ` (${money(order.refunded)} refunded)` : ''}  ${order.email ?? '-'}`,
    ...order.lines.map((l) => `    ${l.quantity} × ${l.name} (product ${l.productId ?? '-'})  ${money(l.unitAmount * l.quantity)}`),
    ...orderTotalRows(orderAmounts(order), order.shippingOption).map((row) => `    ${row.label}  ${row.value}`),
    'Timeline:',
    ...steps.map((s) => formatStep(s, order.currency)),
  ].join('\n');
}

/** `npm run orders -- ship|delivered|return|refund|show <number> …`: what it did, or an Error naming why nothing was written. Done by the terminal. */
export function runOrderCommand(deps: AfterSaleDeps, command: OrderCommand): Promise<string> {
  if (command.action === 'ship') return shipOrder(deps, command, 'terminal');
  if (command.action === 'delivered') return markDelivered(deps, command, 'terminal');
  if (command.action === 'return') return returnGoods(deps, command, 'terminal');
  if (command.action === 'refund') return refundOrder(deps, command, 'terminal');
  return show(deps.db, command.number);
}
