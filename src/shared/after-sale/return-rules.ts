import { creditPaidOf } from '#shared/offers/offer.ts';
import { dueDelivery } from '#shared/orders/delivery-due.ts';
import { returnsPolicy, WARRANTY_MONTHS } from '#shared/policy/figures.ts';

/**
 * Returns and warranty claims a shopper asks for from their order's page, inside the policy
 * (policy/figures.ts): within 14 days of delivery (delivery is not tracked, so the day the parcel
 * was due: shipped plus the service's longest transit), for a refund, store credit at 110% or an
 * exchange for a product in stock of equal or greater value (the difference paid through a mailed link); after
 * that, for 12 months, a warranty claim (a repair or a replacement). The same rules on the page, the
 * server and the back office.
 */

export const RETURN_REASONS = ['changed_mind', 'damaged', 'wrong_item', 'warranty_fault'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The reasons in the shop's voice: to the shopper (the form, "Reason: you changed your mind") and in the back office. */
export const YOUR_REASON: Record<ReturnReason, string> = {
  changed_mind: 'you changed your mind',
  damaged: 'it arrived damaged',
  wrong_item: 'you received the wrong item',
  warranty_fault: 'it has a fault (warranty)',
};
export const REASON_NAMES: Record<ReturnReason, string> = {
  changed_mind: 'changed their mind',
  damaged: 'arrived damaged',
  wrong_item: 'wrong item received',
  warranty_fault: 'a fault (warranty)',
};

export const RETURN_OUTCOMES = ['refund', 'credit', 'exchange', 'replace'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

/** What was asked for, in the shop's voice: to the shopper (the form, "you asked for a refund to your card") and in the back office. */
export const YOUR_OUTCOME: Record<ReturnOutcome, string> = {
  refund: 'a refund to your card',
  credit: `store credit worth ${returnsPolicy.storeCreditPercent}% of what you paid for the items`,
  exchange: `an exchange for ${returnsPolicy.exchangeFor}`,
  replace: 'a repair or a replacement',
};
export const OUTCOME_NAMES: Record<ReturnOutcome, string> = {
  refund: 'a refund to their card',
  credit: `store credit (${returnsPolicy.storeCreditPercent}%)`,
  exchange: 'an exchange',
  replace: 'a repair or a replacement',
};

/** A request's life: asked, then accepted or refused by the shop, then the goods received and settled. */
export const RETURN_STATES = ['requested', 'accepted', 'refused', 'received'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** The longest note a shopper may add. */
export const RETURN_NOTE_MAX = 1000;

const DAY_MS = 86_400_000;

export type ReturnWindow =
  | { open: 'return'; until: string; warrantyUntil: string }
  | { open: 'warranty'; returnEnded: string; until: string }
  | { open: null; why: string };

/** What may be asked for an order now: a return (inside 14 days of delivery), a warranty claim (12 months), or nothing and why. */
export function returnWindow(
  order: { shippedAt: string | null; region: string | null; shippingOption: string | null; status: string },
  now = Date.now(),
): ReturnWindow {
  if (order.status === 'pending' || order.status === 'failed') return { open: null, why: 'the payment for this order did not go through' };
  if (order.status === 'refunded') return { open: null, why: 'this order has been refunded in full' };
  if (!order.shippedAt) return { open: null, why: 'it has not been shipped yet: to change or cancel it, write to us' };
  const delivered = dueDelivery(order.shippedAt, order.region, order.shippingOption);
  const returnUntil = delivered + returnsPolicy.windowDays * DAY_MS;
  const warranty = new Date(delivered);
  warranty.setUTCMonth(warranty.getUTCMonth() + WARRANTY_MONTHS);
  const warrantyUntil = warranty.getTime();
  if (now <= returnUntil) return { open: 'return', until: new Date(returnUntil).toISOString(), warrantyUntil: warranty.toISOString() };
  if (now <= warrantyUntil) return { open: 'warranty', returnEnded: new Date(returnUntil).toISOString(), until: warranty.toISOString() };
  return { open: null, why: `its ${WARRANTY_MONTHS}-month warranty ended` };
}

/** The reasons and outcomes a window allows: inside the return window all of them, after it only the warranty's. */
export function allowed(window: ReturnWindow): { reasons: readonly ReturnReason[]; outcomes: readonly ReturnOutcome[] } {
  if (window.open === 'return') return { reasons: RETURN_REASONS, outcomes: RETURN_OUTCOMES };
  if (window.open === 'warranty') return { reasons: ['warranty_fault'], outcomes: ['replace'] };
  return { reasons: [], outcomes: [] };
}

export interface AskedLine {
  productId: number;
  quantity: number;
}

/** Units per product, however many lines name it: what every check of goods coming back compares. */
export function unitsByProduct(lines: readonly AskedLine[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of lines) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
  return units;
}

/**
 * The first product whose units, all its lines together, are more than `left` has of it (undefined:
 * not in the order), or null when every product fits. The one check of goods asked or sent back,
 * for the shopper's form, the owner's and the command line alike.
 */
export function overLimit(left: ReadonlyMap<number, number>, lines: readonly AskedLine[]) {
  for (const [productId, units] of unitsByProduct(lines)) {
    const open = left.get(productId);
    if (open === undefined || units > open) return { productId, units, open };
  }
  return null;
}

/** Why these lines cannot be asked back, or null: each must be bought, and no more than is not yet asked for. */
export function linesRefusal(open: ReadonlyMap<number, number>, lines: readonly AskedLine[]): string | null {
  if (lines.length === 0) return 'Choose how many of at least one item you are sending back.';
  const over = overLimit(open, lines);
  if (!over) return null;
  if (over.open === undefined) return 'That item is not part of this order.';
  return `You can send back at most ${over.open} of that item (what this order bought and is not yet being returned).`;
}

/** A form's quantity field for a product: `line_<id>`, the id as the form writes it (no sign, no leading zero). */
const LINE_FIELD = /^line_([1-9]\d{0,8})$/;

/**
 * The `line_<product id>` quantities of a form (the shopper's return, the owner's goods back): one
 * field per product, blank or 0 for none. Another spelling of a product's field (`line_03`,
 * `line_+3`) is refused rather than read as a second line of the same product.
 */
export function readLineFields(fields: Record<string, string>, maxDigits: number): { lines: AskedLine[] } | { refusal: string } {
  const lines: AskedLine[] = [];
  const whole = new RegExp(`^\\d{1,${maxDigits}}$`);
  for (const [name, raw] of Object.entries(fields)) {
    if (!name.startsWith('line_')) continue;
    const id = LINE_FIELD.exec(name)?.[1];
    if (!id) return { refusal: 'The form was changed: reload the page and enter the quantities again.' };
    const value = raw.trim();
    if (value === '' || /^0+$/.test(value)) continue;
    if (!whole.test(value)) return { refusal: 'Enter how many of each item as a whole number.' };
    lines.push({ productId: Number(id), quantity: Number(value) });
  }
  return { lines };
}

/**
 * What the returned lines are worth: their share of what was paid for goods (a discount shared out,
 * store credit paid with counted as paid, shipping not included), in minor units.
 */
export function returnedValue(
  order: {
    subtotal: number;
    total: number;
    shipping: number;
    discount: number;
    discountCode: string | null;
    lines: ReadonlyArray<{ productId: number | null; unitAmount: number }>;
  },
  lines: readonly AskedLine[],
): number {
  const listed = lines.reduce((sum, l) => sum + (order.lines.find((o) => o.productId === l.productId)?.unitAmount ?? 0) * l.quantity, 0);
  const paidForGoods = Math.max(0, order.total + creditPaidOf(order) - order.shipping);
  return order.subtotal > 0 ? Math.min(listed, Math.round((listed * paidForGoods) / order.subtotal)) : 0;
}

/** A choice as the form's label: the shop's words, first letter up ("You changed your mind"). */
export const choiceLabel = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);
