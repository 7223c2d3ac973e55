/**
 * How an order was paid, as its invoice names it, from what Stripe reports of the charge
 * (payment_method_details): 'Visa ending 4242', 'Mastercard ending 4444 (Apple Pay)', 'PayPal'.
 */
export interface ChargeMethod {
  type: string;
  card?: { brand?: string | null; last4?: string | null; wallet?: { type?: string | null } | null } | null;
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
const NAMES: Record<string, string> = {
  paypal: 'PayPal',
  link: 'Link',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  klarna: 'Klarna',
};

const words = (type: string) => NAMES[type] ?? type.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

export function paymentMethodText(method: ChargeMethod | null | undefined): string | null {
  if (!method?.type) return null;
  if (method.type !== 'card' || !method.card) return words(method.type);
  const { brand, last4, wallet } = method.card;
  const card = `${(brand && BRANDS[brand]) ?? (brand ? words(brand) : 'Card')}${last4 ? ` ending ${last4}` : ''}`;
  return wallet?.type ? `${card} (${words(wallet.type)})` : card;
}
