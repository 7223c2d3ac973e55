import type { Currency } from '#shared/region/region.ts';

/**
 * The shop's business figures: shipping, returns, warranty, payments and marketing
 * claims. Every page that states one of them (policies, FAQ, About, product pages, the promo strip)
 * reads it from here, so a change of policy is one edit. Text helpers live in policy-text.ts.
 */

/** An inclusive range of whole numbers, e.g. 3-5 business days. */
export interface NumberRange {
  min: number;
  max: number;
}

/** Policy-page prices are quoted in GBP (before tax unless Stripe Tax is on: src/shared/offers/tax.ts). */
export const POLICY_CURRENCY = 'GBP' satisfies Currency;

/** ISO date the policy pages were last revised; shown in en-US long format. */
export const POLICIES_LAST_UPDATED = '2025-04-11';

// ---- Shipping ----

export type ShippingDestination = 'UK' | 'EU' | 'US' | 'ROW';

export interface ShippingService {
  /** Business days in transit after dispatch. */
  days: NumberRange;
  /** GBP, before tax: what the policy pages quote. */
  cost: number;
  /**
   * What checkout charges when the cart is in euros or dollars (a cart is priced in one currency, and
   * Stripe charges shipping in the cart's): set by the shop like its EUR and USD product prices.
   */
  costIn: { EUR: number; USD: number };
  /** The rest of the world pays from this amount upwards (it depends on the country). */
  costIsFrom: boolean;
}

/** What a delivery service costs in a currency: the one figure the policy pages show and checkout charges. */
export const serviceCost = (service: ShippingService, currency: Currency): number =>
  currency === 'GBP' ? service.cost : service.costIn[currency];

export interface ShippingRate {
  destination: ShippingDestination;
  /** Table label, e.g. 'United Kingdom'. */
  label: string;
  /** The same inside a sentence, e.g. 'the United Kingdom'. */
  inSentence: string;
  standard: ShippingService;
  express: ShippingService;
  /** Standard shipping is free for orders over FREE_STANDARD_SHIPPING_OVER. */
  freeStandardShipping: boolean;
}

/** Order processing before dispatch. */
export const PROCESSING_DAYS: NumberRange = { min: 1, max: 2 };

/** What product pages say for items in stock: 'Ships in 1-3 business days'. */
export const SHIPS_IN_DAYS: NumberRange = { min: 1, max: 3 };

/**
 * The order value above which standard delivery is free to the destinations that allow it, in each
 * currency the shop sells in: the shopper's own prices decide, so the figure the shop shows is the rule.
 */
export const FREE_STANDARD_SHIPPING_OVER_IN = { GBP: 150, EUR: 175, USD: 200 } as const;
/** The same in GBP, the policies' currency. */
export const FREE_STANDARD_SHIPPING_OVER = FREE_STANDARD_SHIPPING_OVER_IN.GBP;

export const shippingRates: readonly ShippingRate[] = [
  {
    destination: 'UK',
    label: 'United Kingdom',
    inSentence: 'the United Kingdom',
    standard: { days: { min: 3, max: 5 }, cost: 4.99, costIn: { EUR: 5.99, USD: 6.49 }, costIsFrom: false },
    express: { days: { min: 1, max: 2 }, cost: 9.99, costIn: { EUR: 11.99, USD: 12.99 }, costIsFrom: false },
    freeStandardShipping: true,
  },
  {
    destination: 'EU',
    label: 'European Union',
    inSentence: 'the European Union',
    standard: { days: { min: 5, max: 7 }, cost: 9.99, costIn: { EUR: 11.99, USD: 12.99 }, costIsFrom: false },
    express: { days: { min: 2, max: 3 }, cost: 19.99, costIn: { EUR: 23.99, USD: 24.99 }, costIsFrom: false },
    freeStandardShipping: true,
  },
  {
    destination: 'US',
    label: 'United States',
    inSentence: 'the United States',
    standard: { days: { min: 7, max: 10 }, cost: 14.99, costIn: { EUR: 17.99, USD: 18.99 }, costIsFrom: false },
    express: { days: { min: 3, max: 5 }, cost: 24.99, costIn: { EUR: 29.99, USD: 31.99 }, costIsFrom: false },
    freeStandardShipping: true,
  },
  {
    destination: 'ROW',
    label: 'Rest of the world',
    inSentence: 'the rest of the world',
    standard: { days: { min: 10, max: 15 }, cost: 19.99, costIn: { EUR: 23.99, USD: 24.99 }, costIsFrom: true },
    express: { days: { min: 5, max: 7 }, cost: 29.99, costIn: { EUR: 35.99, USD: 37.99 }, costIsFrom: true },
    freeStandardShipping: false,
  },
];

// ---- Returns, refunds and warranty ----

export const returnsPolicy = {
  /** Days from delivery in which an item may be returned. */
  windowDays: 14,
  /** The condition a returned item must be in. */
  condition: 'unused and in its original packaging',
  /** Business days to process a refund once the return arrives. */
  refundDays: { min: 5, max: 7 } satisfies NumberRange,
  /** Store credit offered instead of a refund, as a percentage of the purchase value. */
  storeCreditPercent: 110,
  /** What a return may be exchanged for. */
  exchangeFor: 'a product of equal or greater value',
  /** Who pays to send a return back. */
  returnShipping: 'The customer pays for return shipping unless the error was ours',
} as const;

export const WARRANTY_MONTHS = 12;

// ---- Products and payments ----

/** Typical battery life of our laser trainers, in trigger pulls per set of batteries. */
export const BATTERY_LIFE_TRIGGER_PULLS: NumberRange = { min: 2000, max: 5000 };

export const ACCEPTED_PAYMENT_METHODS = ['Visa', 'MasterCard', 'American Express', 'PayPal', 'Apple Pay'] as const;
export type PaymentMethod = (typeof ACCEPTED_PAYMENT_METHODS)[number];

// ---- Marketing and trust claims (promo strip, home, About and trust badges) ----

export const claims = {
  /** Shown as '1,200+ shooters'. */
  shooters: 1200,
  /** Social followers, shown compact: '15.5K'. */
  followers: 15_500,
  /** Social likes, shown compact: '8.8K'. */
  likes: 8_800,
  /** Share of a national armed forces that uses our systems. */
  armedForcesPercent: 70,
  /** Subscribe & Save. */
  subscriptionDiscountPercent: 5,
  /** Refer a Friend: off each order, per friend. */
  referralDiscount: { amount: 20, currency: 'EUR' satisfies Currency },
  /** The same in each currency the shop sells in, minor units (the referral coupon's currency options). */
  referralAmounts: { EUR: 2000, GBP: 1700, USD: 2200 } satisfies Record<Currency, number>,
} as const;
export type Claims = typeof claims;

/**
 * Whose figures the claims are, said where they are shown (issue 66: a claim without a source reads as
 * made up). The owner's own records; the operator changes the words if a figure comes from elsewhere.
 */
export const claimSources = {
  armedForces:
    'the share of one national armed forces’ training units equipped with our systems, from our own sales records; the force asks not to be named',
  shooters: 'customers who have bought from us, from our own order records',
  social: 'followers and likes across our Facebook, Instagram, YouTube and TikTok pages',
} as const;

/**
 * The spec names "certifications" among the trust badges without listing them. PLACEHOLDER wording
 * taken from the products' own laser classes; the operator replaces it with the certificates the
 * shop actually holds.
 */
export const certifications = ['Laser safety classified to IEC 60825-1 (Class 1 and Class 3R)'] as const;
