import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { dutiesNote, type DutyEstimates } from '#shared/policy/duties.ts';
import { plainName } from '#shared/catalogue/product.ts';
import type { PricedCart } from '#shared/cart/pricing.ts';
import { serializeCart } from '#shared/cart/cart.ts';
import { destinationCountries, shippingChoices } from '#shared/cart/shipping.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import type { CampaignParams } from '#shared/site/campaign.ts';
import type { Region } from '#shared/region/region.ts';
import type { CheckoutSessionParams } from '#worker/payments/checkout-gateway.ts';
import { marketHref, type Market } from '#shared/market/market.ts';

/** Stripe keeps metadata values up to 500 characters. */
const METADATA_VALUE_MAX = 500;

/**
 * The hosted checkout for a cart, every amount from the catalogue in the cart's currency (minor
 * units). Shipping options are the policy's choices for the region, charged in the cart's currency
 * exactly as /cart shows them.
 */
export function checkoutSessionParams(input: {
  cart: PricedCart<CatalogueProduct>;
  region: Region;
  siteUrl: string;
  campaign: CampaignParams;
  /** The market the cart checks out in (/eu/cart…): the shopper comes back to its pages. */
  market?: Market | null;
  /** The hash of the checking-out browser's nonce (buyer-hash.ts): its thank-you page alone shows the order. */
  buyer: string;
  /** The keyed hash of the buying network (networkKey): a Refer a Friend reward is not earned from the referrer's own. */
  network: string;
  /** The units held for this session (reserve.ts) and when the session, and so the hold, ends. */
  hold: { reservation: string; expiresAt: number };
  /** The promotion code Stripe confirmed for this cart (promo_…), or null: the shopper may type one at Stripe. */
  promotionCode: string | null;
  /** Stripe Tax on (STRIPE_TAX=on). */
  tax: boolean;
  /** The owner's estimates of import duties: the payment page says them where the destination may owe them. */
  duties: DutyEstimates;
}): CheckoutSessionParams {
  const { cart, region, siteUrl } = input;
  const shipping = shippingChoices(region, cart.subtotal, cart.currency).map((choice) => ({
    label: choice.free ? `${choice.label} (free)` : choice.label,
    amount: choice.amounts[cart.currency],
    days: choice.days,
  }));
  const metadata: Record<string, string> = {
    region,
    buyer: input.buyer,
    network: input.network,
    cart: serializeCart(cart.lines.map((l) => ({ id: l.item.id, quantity: l.quantity }))),
    reservation: input.hold.reservation,
  };
  for (const [key, value] of Object.entries(input.campaign)) if (value) metadata[key] = value.slice(0, METADATA_VALUE_MAX);
  return {
    currency: cart.currency,
    lines: cart.lines.map((l) => ({
      productId: l.item.id,
      name: plainName(l.item.name),
      image: absoluteUrl(siteUrl, l.item.image_url),
      quantity: l.quantity,
      unitAmount: l.unitAmount,
    })),
    shipping,
    shipToCountries: destinationCountries(region),
    // Stripe puts the session id in place of the placeholder.
    successUrl: `${absoluteUrl(siteUrl, marketHref(input.market, '/thank-you'))}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: absoluteUrl(siteUrl, marketHref(input.market, '/cart')),
    metadata,
    expiresAt: input.hold.expiresAt,
    promotionCode: input.promotionCode,
    tax: input.tax,
    shippingMessage: dutiesNote(region, input.duties),
  };
}
