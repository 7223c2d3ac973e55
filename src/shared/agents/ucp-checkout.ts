import { destinationCountries, shippingChoices, type ShippingServiceName } from '#shared/cart/shipping.ts';
import { displayPrice } from '#shared/catalogue/prices.ts';
import { plainName } from '#shared/catalogue/product.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { toMinorUnits } from '#shared/money.ts';
import { offerDiscount, offerRefusal, offerText, STORE_CREDIT_PREFIX, type Offer } from '#shared/offers/offer.ts';
import { dutiesNote, type DutyEstimates } from '#shared/policy/duties.ts';
import { currencyByRegion, type Currency, type Region } from '#shared/region/region.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import { agentItemId } from './ucp-catalog.ts';
import type { Destination } from './ucp-requests.ts';

/** A checkout session as the shop keeps it between an agent's calls (agents/agent-tables.ts). */
export interface AgentCheckout {
  id: string;
  status: 'open' | 'escalated' | 'completed' | 'canceled';
  region: Region;
  /** The agent's lines: `productId` null when the item named no product of the shop. */
  lines: Array<{ id: string; itemId: string; productId: number | null; quantity: number }>;
  buyer: {
    email?: string | undefined;
    first_name?: string | undefined;
    last_name?: string | undefined;
    phone_number?: string | undefined;
  } | null;
  destination: Destination | null;
  option: ShippingServiceName;
  /** Whether the lines' units are held for it now; `short`: the lines the stock could not cover, with what is available (-1: over what one checkout may hold). */
  held: boolean;
  short: Array<{ productId: number; available: number }>;
  /** The discount codes asked for; the promotion code Stripe has for the first (one code a checkout, as Stripe takes); codes it did not know. */
  codes: string[];
  offer: (Offer & { id: string }) | null;
  unknownCodes: string[];
  continueUrl: string | null;
  orderNumber: string | null;
  /** Epoch seconds. */
  expiresAt: number;
}

type Message =
  | { type: 'error'; code: string; content: string; severity: 'recoverable' | 'requires_buyer_input' | 'unrecoverable'; path?: string }
  | { type: 'warning' | 'info'; code: string; content: string; path?: string };

/** What the view needs besides the session: its products as the catalogue has them now, and the shop's words. */
export interface CheckoutViewInput {
  product(id: number): CatalogueProduct | undefined;
  siteUrl: string;
  duties: DutyEstimates;
  now: number;
}

const METHOD_ID = 'shipping_1';
const GROUP_ID = 'package_1';
const DESTINATION_ID = 'destination_1';

/** A destination the region's shipping reaches (the cart's rule: the Stripe page asks for an address in these countries). */
export const deliverable = (region: Region, country: string) => destinationCountries(region).includes(country.toUpperCase());

/** The session's status as UCP says it, from what is kept and what is missing. */
function statusOf(checkout: AgentCheckout, errors: number, now: number) {
  if (checkout.orderNumber) return 'completed';
  if (checkout.status === 'canceled' || now >= checkout.expiresAt) return 'canceled';
  if (checkout.status === 'escalated') return 'requires_escalation';
  return errors > 0 ? 'incomplete' : 'ready_for_complete';
}

/**
 * The checkout session in UCP's shape (with the fulfillment extension): lines priced from the
 * catalogue in the region's currency, the shipping policy's options for the destination (standard free
 * over the threshold), the totals, and a message for each thing that stops it.
 */
export function checkoutView(checkout: AgentCheckout, input: CheckoutViewInput) {
  const currency = currencyByRegion[checkout.region];
  const messages: Message[] = [];
  const lineItems = checkout.lines.map((line, i) => {
    const product = line.productId === null ? undefined : input.product(line.productId);
    if (!product) {
      messages.push({
        type: 'error',
        code: 'item_unavailable',
        content: `Item ${line.itemId} is not sold here.`,
        severity: 'recoverable',
        path: `$.line_items[${i}]`,
      });
      return { id: line.id, item: { id: line.itemId, title: 'Not sold here', price: 0 }, quantity: line.quantity, totals: totalsOf(0) };
    }
    const short = checkout.short.find((s) => s.productId === product.id);
    if (short)
      messages.push({
        type: 'error',
        code: 'out_of_stock',
        content:
          short.available > 0
            ? `Only ${short.available} of ${plainName(product.name)} can be bought now.`
            : short.available < 0
              ? `More of ${plainName(product.name)} than one checkout may hold: ask for fewer.`
              : `${plainName(product.name)} is out of stock.`,
        severity: 'recoverable',
        path: `$.line_items[${i}].quantity`,
      });
    const price = toMinorUnits(displayPrice(product, currency));
    return {
      id: line.id,
      item: {
        id: agentItemId(product.id),
        title: plainName(product.name),
        price,
        image_url: absoluteUrl(input.siteUrl, product.image_url),
      },
      quantity: line.quantity,
      totals: totalsOf(price * line.quantity),
    };
  });
  const subtotal = lineItems.reduce((sum, l) => sum + l.item.price * l.quantity, 0);
  if (!checkout.buyer?.email)
    messages.push({
      type: 'error',
      code: 'missing',
      content: 'The buyer’s e-mail address is needed.',
      severity: 'recoverable',
      path: '$.buyer.email',
    });
  const destination = checkout.destination;
  const reachable = destination !== null && deliverable(checkout.region, destination.address_country);
  if (!destination)
    messages.push({
      type: 'error',
      code: 'missing',
      content: 'A delivery address is needed.',
      severity: 'recoverable',
      path: `$.fulfillment.methods[0].destinations`,
    });
  else if (!reachable)
    messages.push({
      type: 'error',
      code: 'address_undeliverable',
      content: `We do not deliver to ${destination.address_country.toUpperCase()} from this market.`,
      severity: 'recoverable',
      path: '$.fulfillment.methods[0].destinations[0].address_country',
    });
  const discount = appliedDiscount(checkout, subtotal, currency, messages);
  const options = shippingChoices(checkout.region, subtotal, currency);
  const chosen = options.find((o) => o.service === checkout.option) ?? options[0]!;
  const shipping = reachable ? chosen.amounts[currency] : 0;
  const duties = dutiesNote(checkout.region, input.duties);
  if (duties) messages.push({ type: 'info', code: 'duties', content: duties });
  const errors = messages.filter((m) => m.type === 'error').length;
  const status = statusOf(checkout, errors, input.now);
  if (status === 'requires_escalation')
    messages.push({
      type: 'error',
      code: 'payment_required',
      content: 'The buyer pays on the shop’s own payment page: hand them continue_url.',
      severity: 'requires_buyer_input',
    });
  const lineIds = lineItems.map((l) => l.id);
  return {
    id: checkout.id,
    status,
    currency,
    line_items: lineItems,
    ...(checkout.buyer && { buyer: checkout.buyer }),
    totals: [
      { type: 'subtotal', amount: subtotal },
      ...(discount ? [{ type: 'discount', display_text: discount.code, amount: -discount.amount }] : []),
      ...(reachable ? [{ type: 'fulfillment', display_text: chosen.label, amount: shipping }] : []),
      { type: 'total', amount: subtotal - (discount?.amount ?? 0) + shipping },
    ],
    discounts: { codes: checkout.codes, applied: discount ? [discount] : [] },
    fulfillment: {
      methods: [
        {
          id: METHOD_ID,
          type: 'shipping',
          line_item_ids: lineIds,
          ...(destination && {
            destinations: [{ ...destination, id: DESTINATION_ID }],
            selected_destination_id: DESTINATION_ID,
          }),
          ...(reachable && {
            groups: [
              {
                id: GROUP_ID,
                line_item_ids: lineIds,
                selected_option_id: chosen.service,
                options: options.map((o) => ({
                  id: o.service,
                  title: o.free ? `${o.label} (free)` : o.label,
                  description: `Arrives in ${o.days.min}–${o.days.max} business days after dispatch`,
                  totals: [{ type: 'total', amount: o.amounts[currency] }],
                })),
              },
            ],
          }),
        },
      ],
    },
    messages,
    links: [
      { type: 'terms_of_service', url: absoluteUrl(input.siteUrl, '/terms-of-service') },
      { type: 'privacy_policy', url: absoluteUrl(input.siteUrl, '/privacy-policy') },
      { type: 'refund_policy', url: absoluteUrl(input.siteUrl, '/returns') },
      { type: 'shipping_policy', url: absoluteUrl(input.siteUrl, '/shipping-policy') },
    ],
    expires_at: new Date(checkout.expiresAt * 1000).toISOString(),
    ...(status === 'requires_escalation' && checkout.continueUrl && { continue_url: checkout.continueUrl }),
    ...(checkout.orderNumber && {
      order: { id: checkout.orderNumber, label: checkout.orderNumber, permalink_url: absoluteUrl(input.siteUrl, '/orders') },
    }),
  };
}

/**
 * The discount the first code gives this subtotal (Stripe computes the real figure; this is what to
 * expect), or null with a warning for each code that gives nothing: UCP's rejected-code messages.
 */
function appliedDiscount(checkout: AgentCheckout, subtotal: number, currency: Currency, messages: Message[]) {
  let applied: { code: string; title: string; amount: number; method: 'across' } | null = null;
  checkout.codes.forEach((code, i) => {
    const path = `$.discounts.codes[${i}]`;
    const warn = (kind: string, content: string) => messages.push({ type: 'warning', code: kind, content, path });
    if (code.toUpperCase().startsWith(STORE_CREDIT_PREFIX))
      return warn('discount_code_user_ineligible', 'Store credit is spent at the shop’s own checkout.');
    if (i > 0) return warn('discount_code_combination_disallowed', 'One code a checkout.');
    const offer = checkout.offer;
    if (!offer || checkout.unknownCodes.includes(code)) return warn('discount_code_invalid', `${code} is not a code we can accept.`);
    const refusal = offerRefusal(offer, { subtotal, currency });
    const amount = offerDiscount(offer, { subtotal, currency });
    if (refusal || !amount) return warn('discount_code_user_ineligible', refusal ?? `${code} gives nothing on this order.`);
    applied = { code: offer.code, title: offerText(offer, currency) ?? offer.code, amount, method: 'across' };
  });
  return applied as { code: string; title: string; amount: number; method: 'across' } | null;
}

const totalsOf = (amount: number) => [
  { type: 'subtotal', amount },
  { type: 'total', amount },
];
