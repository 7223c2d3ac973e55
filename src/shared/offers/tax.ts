import { marketEntryOfCurrency } from '#shared/market/market.ts';
import type { Currency } from '#shared/region/region.ts';

/**
 * Tax as the shop shows and asks for it when Stripe Tax is on (STRIPE_TAX=on): UK and EU prices
 * include VAT (the price shown is the price paid), US prices are before sales tax, added at checkout.
 * With it off nothing is said and Stripe computes nothing.
 */
export type TaxBehavior = 'inclusive' | 'exclusive';

export function taxBehavior(currency: Currency): TaxBehavior {
  return marketEntryOfCurrency(currency).tax;
}

/** Beside a price: 'incl. VAT' or 'plus sales tax'; null when tax is off. */
export function priceTaxNote(currency: Currency, taxOn: boolean): string | null {
  if (!taxOn) return null;
  return taxBehavior(currency) === 'inclusive' ? 'incl. VAT' : 'plus sales tax';
}

/** Under the cart's totals. */
export function cartTaxNote(currency: Currency, taxOn: boolean): string | null {
  if (!taxOn) return null;
  return taxBehavior(currency) === 'inclusive'
    ? 'Prices include VAT. Business buyers can add a VAT number at checkout for a VAT invoice.'
    : 'Sales tax, where it applies, is added at checkout from your delivery address.';
}

/** The tax an order paid, as Stripe's breakdown gave it. */
export interface OrderTax {
  amount: number;
  /** 'VAT 20%', 'Sales Tax 6.25%'. */
  label: string | null;
  inclusive: boolean;
}

/** An order's tax line: 'VAT 20% (included)' or 'Sales Tax 6.25%'. */
export function taxLineLabel(tax: Pick<OrderTax, 'label' | 'inclusive'>): string {
  const label = tax.label ?? 'Tax';
  return tax.inclusive ? `${label} (included)` : label;
}

/** The policy pages' wording for prices quoted in a currency: with Stripe Tax on, as checkout charges them. */
export function policyTaxBasis(taxOn: boolean, currency: Currency): string {
  if (!taxOn) return 'exclude taxes';
  return taxBehavior(currency) === 'inclusive' ? 'include VAT' : 'exclude sales tax, which is added at checkout where it applies';
}

/** The terms' sentence on tax per region, or null when the shop does not collect it. */
export function regionalTaxSentence(taxOn: boolean): string | null {
  return taxOn
    ? 'Prices in pounds and euros include VAT; US dollar prices are before sales tax, which is added at checkout where it applies.'
    : null;
}
