import type { Stripe } from 'stripe';
import { paymentMethodText, type ChargeMethod } from '#shared/orders/payment-method.ts';
import { taxBehavior } from '#shared/offers/tax.ts';
import type { Currency } from '#shared/region/region.ts';
import { isCurrency } from './currency.ts';
import type { CheckoutSessionParams, PromotionCodeRecord, SessionRecord } from './checkout-gateway.ts';

/* Stripe's objects read as the shop's records, and the shop's asks written as Stripe's parameters: pure, no request made here (stripe-gateway.ts makes them). */

/** How the session was paid (its payment intent's charge, expanded), in words; null before it is. */
export function paymentMethodOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  const charge = intent && typeof intent === 'object' ? intent.latest_charge : null;
  return charge && typeof charge === 'object' ? paymentMethodText(charge.payment_method_details as ChargeMethod | null) : null;
}

export function sessionCreateParams(p: CheckoutSessionParams): Stripe.Checkout.SessionCreateParams {
  const currency = p.currency.toLowerCase();
  // With Stripe Tax, every price says whether tax is in it (the shown price is paid in GBP/EUR; added in USD).
  const tax_behavior = p.tax ? taxBehavior(p.currency) : undefined;
  return {
    mode: 'payment',
    // Stripe takes a code the shop applies or a field for the shopper to type one, never both.
    ...(p.promotionCode === 'none'
      ? {}
      : p.promotionCode
        ? { discounts: [{ promotion_code: p.promotionCode }] }
        : { allow_promotion_codes: true }),
    // A checkout left behind: Stripe asks for consent to promotional mail and keeps a recovery link.
    consent_collection: { promotions: 'auto' },
    // The whole billing address, which the invoice names (Checkout asks only for what the card needs otherwise).
    billing_address_collection: 'required',
    after_expiration: { recovery: { enabled: true } },
    ...(p.shippingMessage && { custom_text: { shipping_address: { message: p.shippingMessage } } }),
    ...(p.tax && {
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      invoice_creation: { enabled: true },
    }),
    line_items: p.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency,
        unit_amount: line.unitAmount,
        tax_behavior,
        product_data: { name: line.name, images: [line.image], metadata: { product_id: String(line.productId) } },
      },
    })),
    ...(p.shipToCountries.length > 0 && {
      shipping_address_collection: {
        allowed_countries: p.shipToCountries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
      },
    }),
    shipping_options: p.shipping.map((option) => ({
      shipping_rate_data: {
        type: 'fixed_amount',
        display_name: option.label,
        fixed_amount: { amount: option.amount, currency },
        tax_behavior,
        delivery_estimate: {
          minimum: { unit: 'business_day', value: option.days.min },
          maximum: { unit: 'business_day', value: option.days.max },
        },
      },
    })),
    success_url: p.successUrl,
    cancel_url: p.cancelUrl,
    metadata: p.metadata,
    expires_at: p.expiresAt,
  };
}

export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export function productIdOf(product: string | Stripe.Product | Stripe.DeletedProduct | null | undefined): number | null {
  if (!product || typeof product === 'string' || product.deleted) return null;
  const id = Number(product.metadata.product_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Per-currency figures (minor units) from a base amount in one currency and the currency options. */
export function perCurrency(
  base: { amount: number | null; currency: string | null },
  options: Record<string, number | null | undefined> | undefined,
): Partial<Record<Currency, number>> {
  const out: Partial<Record<Currency, number>> = {};
  for (const [currency, amount] of Object.entries(options ?? {})) {
    const upper = currency.toUpperCase();
    if (isCurrency(upper) && typeof amount === 'number') out[upper] = amount;
  }
  const baseCurrency = base.currency?.toUpperCase();
  if (base.amount !== null && isCurrency(baseCurrency)) out[baseCurrency] = base.amount;
  return out;
}

/** A promotion code Stripe would take now (active, its coupon valid, not expired, redemptions left), or null. */
export function promotionRecord(promo: Stripe.PromotionCode, nowS: number): PromotionCodeRecord | null {
  const coupon = promo.promotion.coupon;
  if (!promo.active || !coupon || typeof coupon === 'string' || !coupon.valid) return null;
  if (promo.expires_at !== null && promo.expires_at <= nowS) return null;
  if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) return null;
  const r = promo.restrictions;
  return {
    id: promo.id,
    code: promo.code,
    expiresAt: promo.expires_at,
    percentOff: coupon.percent_off,
    amountOff:
      coupon.percent_off === null
        ? perCurrency(
            { amount: coupon.amount_off, currency: coupon.currency },
            Object.fromEntries(Object.entries(coupon.currency_options ?? {}).map(([c, o]) => [c, o.amount_off])),
          )
        : {},
    minimum: perCurrency(
      { amount: r.minimum_amount, currency: r.minimum_amount_currency },
      Object.fromEntries(Object.entries(r.currency_options ?? {}).map(([c, o]) => [c, o.minimum_amount])),
    ),
  };
}

/** The session's tax from its breakdown: 'VAT 20%' (each rate once), inclusive when every rate is. */
export function taxOf(session: Stripe.Checkout.Session): SessionRecord['tax'] {
  const taxes = session.total_details?.breakdown?.taxes ?? [];
  const labels = [...new Set(taxes.map((t) => `${t.rate.display_name} ${Number(t.rate.percentage.toFixed(4))}%`))];
  return {
    amount: session.total_details?.amount_tax ?? 0,
    label: labels.length > 0 ? labels.join(', ') : null,
    inclusive: taxes.length > 0 && taxes.every((t) => t.rate.inclusive),
  };
}

/** What the discount took off, and the promotion code's own spelling when one was used. */
export function discountOf(session: Stripe.Checkout.Session): SessionRecord['discount'] {
  const promo = session.discounts?.find((d) => d.promotion_code)?.promotion_code;
  return {
    amount: session.total_details?.amount_discount ?? 0,
    code: promo && typeof promo !== 'string' ? promo.code : null,
  };
}
