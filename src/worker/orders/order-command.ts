import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatMinor } from '#shared/money.ts';
import type { Db } from '#worker/db/client.ts';
import { orderEvents, orders } from '#worker/db/schema.ts';
import type { Logger } from '#worker/base/log.ts';
import type { MailDeps } from '#worker/mail/send-owed.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { syncPaymentLinks } from '#worker/stock/payment-link-switch.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { moveStatements } from '#worker/stock/stock-moves.ts';
import { ORDER_NUMBER } from './order-number.ts';
import { orderAmounts, orderByNumber, type StoredOrder } from './order-queries.ts';
import { orderTotalRows } from '#shared/orders/order-totals.ts';
import { readFlags } from '#worker/base/cli-flags.ts';
import { returnRefusal, shipRefusal } from '#shared/orders/order-status.ts';
import { sendOrderStepMails } from './order-step-mail.ts';
import { orderSteps, stepStatements, type OrderStep } from './order-steps.ts';

const USAGE =
  'usage: orders ship <number> [--carrier "Royal Mail"] [--tracking AB123456789GB] [--url https://…] | orders return <number> [--lines <product id>:<quantity>,…] | orders show <number>';

export type OrderCommand =
  | { action: 'show'; number: string }
  | { action: 'ship'; number: string; carrier: string | null; tracking: string | null; url: string | null }
  | { action: 'return'; number: string; lines: Array<{ productId: number; quantity: number }> | null };

/** Flags as pairs (`--carrier X` or `--carrier=X`), each allowed once; throws naming the first bad one. */
/** Reads `ship SP-… --carrier …`, `return SP-… --lines 1:1,10:2` or `show SP-…`; throws naming what is wrong, before anything is read or written. */
export function parseOrderCommand(args: readonly string[]): OrderCommand {
  const [action, number, ...rest] = args;
  if (action !== 'ship' && action !== 'return' && action !== 'show') throw new Error(`unknown command ${action} (${USAGE})`);
  if (!number || !ORDER_NUMBER.test(number))
    throw new Error(`${number ?? '(missing)'} is not an order number like SP-7K2M-9QX4 (${USAGE})`);
  if (action === 'show') {
    readFlags(rest, [], USAGE);
    return { action, number };
  }
  if (action === 'ship') {
    const flags = readFlags(rest, ['--carrier', '--tracking', '--url'], USAGE);
    const tracking = flags.get('--tracking') ?? null;
    const url = flags.get('--url') ?? null;
    if (tracking && !/^[A-Za-z0-9 -]{4,64}$/.test(tracking))
      throw new Error(`--tracking ${tracking} is not a tracking number (letters, digits, 4-64)`);
    if (url && (!URL.canParse(url) || new URL(url).protocol !== 'https:')) throw new Error(`--url ${url} is not an https address`);
    return { action, number, carrier: flags.get('--carrier')?.slice(0, 64) ?? null, tracking, url };
  }
  const given = readFlags(rest, ['--lines'], USAGE).get('--lines');
  if (given === undefined) return { action, number, lines: null };
  const lines = given.split(',').map((entry) => {
    const match = /^(\d+):(\d+)$/.exec(entry.trim());
    if (!match || Number(match[2]) < 1) throw new Error(`--lines ${entry} is not <product id>:<quantity> (e.g. 1:1,10:2)`);
    return { productId: Number(match[1]), quantity: Number(match[2]) };
  });
  if (new Set(lines.map((l) => l.productId)).size < lines.length) throw new Error(`--lines names a product twice: ${given}`);
  return { action, number, lines };
}

export interface OrderCommandDeps extends MailDeps {
  gateway: CheckoutGateway | null;
  log: Logger;
  /** False where this machine must not mail shoppers (a remote database without Postmark): the scheduled job tells them. */
  mailWaiting?: boolean;
}

const nowIso = () => new Date().toISOString();

async function findOrder(db: Db, number: string): Promise<StoredOrder> {
  const order = await orderByNumber(db, number);
  if (!order) throw new Error(`no order ${number}`);
  return order;
}

/**
 * Shipped: the fulfilment status moves (the payment's stays: paid, or partly refunded), the step keeps
 * carrier and tracking, and the shopper is owed "Your order is on its way", all in one batch; only
 * once per order.
 */
async function ship(deps: OrderCommandDeps, command: Extract<OrderCommand, { action: 'ship' }>, by: string): Promise<string> {
  const order = await findOrder(deps.db, command.number);
  const steps = await orderSteps(deps.db, order.id);
  const refusal = steps.some((s) => s.step === 'shipped') ? 'it has been shipped already' : shipRefusal(order.status, order.fulfilment);
  if (refusal) throw new Error(`order ${order.number} cannot be shipped: ${refusal}`);
  const at = nowIso();
  const [moved] = await deps.db.batch([
    deps.db
      .update(orders)
      .set({ fulfilment: 'shipped' })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ['paid', 'partially_refunded']), eq(orders.fulfilment, 'unfulfilled')))
      .returning({ id: orders.id }),
    ...stepStatements(deps.db, {
      orderId: order.id,
      step: 'shipped',
      kind: 'shipped',
      detail: {
        ...(command.carrier && { carrier: command.carrier }),
        ...(command.tracking && { tracking: command.tracking }),
        ...(command.url && { url: command.url }),
        by,
      },
      mail: 'shipped',
      // (order, 'shipped') is unique: the step lands with the move above, never twice.
      when: sql`${orders.fulfilment} = 'shipped'`,
      at,
    }),
  ]);
  if (moved.length === 0) throw new Error(`order ${order.number} cannot be shipped: it changed meanwhile (run show)`);
  await sendOrderStepMails(deps, deps.log, order.id);
  return `${order.number}: shipped${command.carrier ? ` with ${command.carrier}` : ''}${command.tracking ? `, tracking ${command.tracking}` : ''}; the shopper is told.`;
}

/** What of each product the order bought is not yet back (returns so far are steps with their lines). */
export function returnable(order: StoredOrder, steps: readonly OrderStep[]): Map<number, number> {
  const left = new Map<number, number>();
  for (const line of order.lines) if (line.productId !== null) left.set(line.productId, (left.get(line.productId) ?? 0) + line.quantity);
  for (const step of steps)
    for (const back of step.kind === 'returned' ? (step.detail?.lines ?? []) : [])
      left.set(back.productId, (left.get(back.productId) ?? 0) - back.quantity);
  return left;
}

/**
 * Returned goods back on the shelf: one `return` move per line, with the step that names them, in one
 * batch whose moves land only with that step (two runs at once cannot both put the goods back).
 * Without --lines, everything not yet returned. Payment links follow the stock.
 */
async function giveBack(deps: OrderCommandDeps, command: Extract<OrderCommand, { action: 'return' }>, by: string): Promise<string> {
  const order = await findOrder(deps.db, command.number);
  const refusal = returnRefusal(order.status);
  if (refusal) throw new Error(`order ${order.number} cannot take a return: ${refusal}`);
  const steps = await orderSteps(deps.db, order.id);
  const left = returnable(order, steps);
  const lines = command.lines ?? [...left].filter(([, n]) => n > 0).map(([productId, quantity]) => ({ productId, quantity }));
  if (lines.length === 0) throw new Error(`order ${order.number} has nothing left to return`);
  for (const line of lines) {
    const open = left.get(line.productId);
    if (open === undefined) throw new Error(`order ${order.number} has no product ${line.productId}`);
    if (line.quantity > open)
      throw new Error(`order ${order.number}: only ${open} of product ${line.productId} can come back, not ${line.quantity}`);
  }
  const at = nowIso();
  const step = `return:${steps.filter((s) => s.kind === 'returned').length + 1}`;
  const here = sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${order.id} and ${orderEvents.step} = ${step} and ${orderEvents.at} = ${at})`;
  // Every unit back: the goods' status says so (with the step, so only the return that landed says it).
  const allBack = lines.reduce((sum, l) => sum + l.quantity, 0) === [...left.values()].reduce((sum, n) => sum + n, 0);
  await deps.db.batch([
    ...stepStatements(deps.db, { orderId: order.id, step, kind: 'returned', detail: { lines, by }, when: sql`1`, at }),
    ...lines.flatMap((line) =>
      moveStatements(
        deps.db,
        { productId: line.productId, change: line.quantity, reason: 'return', orderNumber: order.number, actor: by },
        here,
        at,
      ),
    ),
    ...(allBack
      ? [
          deps.db
            .update(orders)
            .set({ fulfilment: 'returned' })
            .where(and(eq(orders.id, order.id), here)),
        ]
      : []),
  ]);
  const [landed] = await deps.db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.step, step)));
  if (landed?.at !== at) throw new Error(`order ${order.number}: another return was recorded meanwhile (run show, then try again)`);
  await syncPaymentLinks(
    deps,
    lines.map((l) => l.productId),
  );
  // A return can bring a sold-out product back: those waiting for it are told now.
  if (deps.mailWaiting !== false) {
    await tellWaiting(
      deps,
      lines.map((l) => l.productId),
    );
  }
  return `${order.number}: returned ${lines.map((l) => `${l.quantity} × product ${l.productId}`).join(', ')} to stock.`;
}

const STEP_WORDS: Record<OrderStep['kind'], string> = {
  pending: 'placed, payment being confirmed',
  paid: 'paid',
  failed: 'payment failed',
  shipped: 'shipped',
  partially_refunded: 'partially refunded',
  refunded: 'refunded',
  dispute_opened: 'dispute opened',
  dispute_closed: 'dispute closed',
  returned: 'returned to stock',
};

/** One line of a step: when, what, and its details (tracking, amount, reason, lines). */
export function formatStep(step: OrderStep, currency: StoredOrder['currency']): string {
  const d = step.detail ?? {};
  const money = (minor: number) => formatMinor(minor, currency);
  const details = [
    d.carrier,
    d.tracking,
    d.url,
    d.amount !== undefined && money(d.amount),
    d.refunded !== undefined && `(${money(d.refunded)} refunded in all)`,
    d.reason && `reason: ${d.reason}`,
    d.outcome && `outcome: ${d.outcome}`,
    d.dueBy && `evidence due by ${d.dueBy.slice(0, 10)}`,
    d.lines?.map((l) => `${l.quantity} × product ${l.productId}`).join(', '),
    d.by && `by ${d.by}`,
  ].filter(Boolean);
  return `  ${step.at.slice(0, 16).replace('T', ' ')}  ${STEP_WORDS[step.kind]}${details.length > 0 ? `  ${details.join('  ')}` : ''}`;
}

async function show(db: Db, number: string): Promise<string> {
  const order = await findOrder(db, number);
  const steps = await orderSteps(db, order.id);
  const money = (minor: number) => formatMinor(minor, order.currency);
  return [
    `${order.number}  ${order.createdAt.slice(0, 16).replace('T', ' ')}  ${order.status}, ${order.fulfilment}  ${money(order.total)}${order.refunded > 0 ? ` (${money(order.refunded)} refunded)` : ''}  ${order.email ?? '-'}`,
    ...order.lines.map((l) => `    ${l.quantity} × ${l.name} (product ${l.productId ?? '-'})  ${money(l.unitAmount * l.quantity)}`),
    ...orderTotalRows(orderAmounts(order), order.shippingOption).map((row) => `    ${row.label}  ${row.value}`),
    'Timeline:',
    ...steps.map((s) => formatStep(s, order.currency)),
  ].join('\n');
}

/**
 * `npm run orders -- ship|return|show <number> …` and the back office's order page: what it did, or an
 * Error naming why nothing was written. `by` is who did it (kept on the step: the timeline shows it).
 */
export function runOrderCommand(deps: OrderCommandDeps, command: OrderCommand, by = 'terminal'): Promise<string> {
  if (command.action === 'ship') return ship(deps, command, by);
  if (command.action === 'return') return giveBack(deps, command, by);
  return show(deps.db, command.number);
}
