import { formatMinor, percentOf } from '#shared/money.ts';
import { currencySymbol, type Currency } from '#shared/region/region.ts';

/**
 * A promotion code the shopper brought (a discount link or the cart's field), as Stripe described it
 * when it was checked: what it takes off, and the smallest order it needs. The cart keeps it in a
 * cookie for display only; the checkout asks Stripe again before it is used (a forged cookie gives
 * nothing Stripe would not).
 */
export interface Offer {
  /** As Stripe spells it (codes are case-insensitive for shoppers). */
  code: string;
  /** 10 for 10% off, or null for an amount off. */
  percentOff: number | null;
  /** Minor units off per currency (the coupon's currency and its currency options). */
  amountOff: Partial<Record<Currency, number>>;
  /** The smallest order subtotal per currency, minor units, when the code has one. */
  minimum: Partial<Record<Currency, number>>;
}

/** Stripe's customer-facing codes: letters, digits and dashes. Anything else is not asked about. */
export const CODE = /^[A-Za-z0-9-]{1,50}$/;

export function parseCode(raw: string | undefined | null): string | null {
  const code = raw?.trim();
  return code && CODE.test(code) ? code : null;
}

/** '10% off', '£15.00 off', or null when an amount off has no figure in this currency (Stripe would refuse it). */
export function offerText(offer: Offer, currency: Currency): string | null {
  if (offer.percentOff !== null) return `${Number(offer.percentOff.toFixed(2))}% off`;
  const amount = offer.amountOff[currency];
  return amount === undefined ? null : `${formatMinor(amount, currency)} off`;
}

/**
 * What the code takes off this subtotal (minor units, never more than the subtotal), or null when it
 * gives nothing in this currency. Stripe computes the real figure at checkout; this is what to expect.
 */
export function offerDiscount(offer: Offer, cart: { subtotal: number; currency: Currency }): number | null {
  if (offer.percentOff !== null) return Math.min(cart.subtotal, percentOf(cart.subtotal, offer.percentOff));
  const amount = offer.amountOff[cart.currency];
  return amount === undefined ? null : Math.min(cart.subtotal, amount);
}

/** Store credit codes (returns) begin so: worth more than a cart, the rest comes back as a new code after paying. */
export const STORE_CREDIT_PREFIX = 'CREDIT-';

/** What of an order store credit paid (minor units): its discount, when the code was a store credit code; else 0. */
export const creditPaidOf = (order: { discount: number; discountCode: string | null }): number =>
  order.discountCode?.toUpperCase().startsWith(STORE_CREDIT_PREFIX) ? order.discount : 0;

/** What of a store credit code stays after this cart (minor units), or null: not store credit, or all of it is used. */
export function creditStays(offer: Offer, cart: { subtotal: number; currency: Currency }): number | null {
  if (!offer.code.toUpperCase().startsWith(STORE_CREDIT_PREFIX)) return null;
  const amount = offer.amountOff[cart.currency];
  return amount !== undefined && amount > cart.subtotal ? amount - cart.subtotal : null;
}

/** What the shopper is told when a code is kept: 'SPRING10: 10% off at checkout'. */
export function offerNotice(offer: Offer, currency: Currency): string {
  const text = offerText(offer, currency);
  return text ? `${offer.code}: ${text} at checkout` : `${offer.code} will be applied at checkout where it can be`;
}

/** Why the code cannot go with this cart, or null when it can (checked again at checkout, as Stripe would refuse it). */
export function offerRefusal(offer: Offer, cart: { subtotal: number; currency: Currency }): string | null {
  if (offerText(offer, cart.currency) === null) {
    return `${offer.code} cannot be used for payments in ${cart.currency} (${currencySymbol[cart.currency]}).`;
  }
  const minimum = offer.minimum[cart.currency];
  if (minimum !== undefined && cart.subtotal < minimum) {
    return `${offer.code} needs an order of ${formatMinor(minimum, cart.currency)} or more.`;
  }
  return null;
}

/** Said when a code is unknown, inactive or expired: nothing is kept. */
export const unknownCodeText = (code: string) => `${code} is not a code we can accept: it may have ended or been mistyped.`;
