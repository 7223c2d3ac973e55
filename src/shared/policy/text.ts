import { policyTaxBasis } from '#shared/offers/tax.ts';
import { formatMinor, formatMoney, formatRoundMoney } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';
import {
  ACCEPTED_PAYMENT_METHODS,
  BATTERY_LIFE_TRIGGER_PULLS,
  claims,
  FREE_STANDARD_SHIPPING_OVER_IN,
  POLICY_CURRENCY,
  returnsPolicy,
  serviceCost,
  SHIPS_IN_DAYS,
  shippingRates,
  WARRANTY_MONTHS,
  type NumberRange,
  type ShippingService,
} from './figures.ts';
import { currencySymbol } from '#shared/region/region.ts';

/** How the figures of policy.ts read in copy; pages use these so every mention matches. */

const count = new Intl.NumberFormat('en-GB');
// en-US: the spec writes '15.5K' with a capital K, which en-GB's compact notation lowercases.
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
// A unit, not style 'percent' (which takes a fraction): the figures are whole percents.
const percent = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'percent', maximumFractionDigits: 0 });
const andList = new Intl.ListFormat('en-GB', { type: 'conjunction' });
const days = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'day', unitDisplay: 'long' });
const months = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'month', unitDisplay: 'long' });

/** 1200 gives '1,200'. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** 15500 gives '15.5K'. */
export function formatCompact(n: number): string {
  return compact.format(n);
}

/** 70 gives '70%'. */
export function formatPercent(n: number): string {
  return percent.format(n);
}

/** { min: 2000, max: 5000 } gives '2,000-5,000' (a plain hyphen, as the spec writes ranges). */
export function formatRange(range: NumberRange): string {
  return range.min === range.max ? formatCount(range.min) : `${formatCount(range.min)}-${formatCount(range.max)}`;
}

/** { min: 3, max: 5 } gives '3-5 business days'. */
export function businessDays(range: NumberRange): string {
  return `${formatRange(range)} business ${range.max === 1 ? 'day' : 'days'}`;
}

/** 'Visa, MasterCard and PayPal'. */
export function andListText(items: readonly string[]): string {
  return andList.format(items);
}

/** '£4.99' (or '€5.99' in euros: the figure checkout charges), or 'from £19.99' where the cost depends on the country. */
export function shippingCostText(service: ShippingService, currency: Currency = POLICY_CURRENCY): string {
  const money = formatMoney(serviceCost(service, currency), currency);
  return service.costIsFrom ? `from ${money}` : money;
}

/** 'Standard delivery' times in one phrase: '3-5 business days to the United Kingdom, …and 10-15 business days to the rest of the world'. */
export function deliveryTimesText(service: 'standard' | 'express'): string {
  return andListText(shippingRates.map((r) => `${businessDays(r[service].days)} to ${r.inSentence}`));
}

/**
 * How policy-page prices are quoted, in the visitor's currency (the same figures checkout charges):
 * 'in EUR (€) and exclude taxes', or with Stripe Tax on (STRIPE_TAX=on) '… and include VAT'.
 */
export const policyPricesBasis = (taxOn: boolean, currency: Currency = POLICY_CURRENCY) =>
  `in ${currency} (${currencySymbol[currency]}) and ${policyTaxBasis(taxOn, currency)}`;

/** The note a policy page with prices carries. */
export const policyPricesNote = (taxOn: boolean, currency: Currency = POLICY_CURRENCY) =>
  `All prices on this page are ${policyPricesBasis(taxOn, currency)}.`;

/** The free-delivery threshold in one currency: '€175'. */
export const freeShippingOverIn = (currency: Currency): string => formatRoundMoney(FREE_STANDARD_SHIPPING_OVER_IN[currency], currency);

/** '14 days'. */
export const returnWindowText = days.format(returnsPolicy.windowDays);

/** '12 months'. */
export const warrantyText = months.format(WARRANTY_MONTHS);

/** '2,000-5,000 trigger pulls'. */
export const batteryLifeText = `${formatRange(BATTERY_LIFE_TRIGGER_PULLS)} trigger pulls`;

/** Shown on product pages, only for items In Stock. */
export const shipsInText = `Ships in ${businessDays(SHIPS_IN_DAYS)}`;

/** Where standard shipping is free over the threshold: 'the United Kingdom, the European Union and the United States'. */
export const freeShippingDestinationsText = andListText(shippingRates.filter((r) => r.freeStandardShipping).map((r) => r.inSentence));

export const paymentMethodsText = andListText(ACCEPTED_PAYMENT_METHODS);

/** The claims as they read on the page. */
export const claimText = {
  shooters: `${formatCount(claims.shooters)}+`,
  followers: formatCompact(claims.followers),
  likes: formatCompact(claims.likes),
  armedForces: formatPercent(claims.armedForcesPercent),
  subscriptionDiscount: formatPercent(claims.subscriptionDiscountPercent),
  referralDiscount: formatMoney(claims.referralDiscount.amount, claims.referralDiscount.currency),
} as const;

/** Refer a Friend's amount in one currency: "£17.00". */
export const referralAmount = (currency: Currency): string => formatMinor(claims.referralAmounts[currency], currency);

/** Refer a Friend's amount in every currency the shop sells in, the buyer's own first: "£17.00 (€20.00, $22.00)" for a UK buyer. */
export function referralWords(currency: Currency): string {
  const others = (Object.keys(claims.referralAmounts) as Currency[]).filter((c) => c !== currency);
  return `${referralAmount(currency)} (${others.map(referralAmount).join(', ')})`;
}

/** The free-delivery threshold in every currency: '£150, €175 or $200'. */
export const freeShippingOverFigures = (Object.keys(FREE_STANDARD_SHIPPING_OVER_IN) as Currency[])
  .map((c) => formatRoundMoney(FREE_STANDARD_SHIPPING_OVER_IN[c], c))
  .join(', ')
  .replace(/, ([^,]+)$/, ' or $1');

/** The same as the policies say it: '£150, €175 or $200 (in the currency you pay in)'. */
export const freeShippingOverText = `${freeShippingOverFigures} (in the currency you pay in)`;
