import type { ShippingChoice } from '#shared/cart/shipping.ts';
import { formatMinor } from '#shared/money.ts';
import { freeShippingThreshold } from '#shared/cart/shipping.ts';
import { creditStays, offerDiscount, type Offer } from '#shared/offers/offer.ts';
import { businessDays } from '#shared/policy/text.ts';
import type { Currency } from '#shared/region/region.ts';
import { cartTaxNote } from '#shared/offers/tax.ts';
import { useHref } from '#ui/state/market-context.ts';

/** Subtotal and the shipping that applies from the policy, in the cart's currency (what checkout charges). */
export function CartSummary({
  subtotal,
  currency,
  shipping,
  taxOn,
  offer,
  dutiesNote,
}: {
  subtotal: number;
  currency: Currency;
  shipping: ShippingChoice[];
  taxOn: boolean;
  /** What the destination may owe in import duties, or null. */
  dutiesNote: string | null;
  /** The code the cart carries (its checkout is a session): what it takes off and the total to expect. */
  offer: Offer | null;
}) {
  const to = useHref();
  const taxNote = cartTaxNote(currency, taxOn);
  const standardFree = shipping.some((c) => c.service === 'standard' && c.free);
  const threshold = freeShippingThreshold(currency);
  const discount = (offer && offerDiscount(offer, { subtotal, currency })) ?? 0;
  const stays = offer && creditStays(offer, { subtotal, currency });
  const standard = shipping.find((c) => c.service === 'standard');
  const standardCost = standard ? (standard.free ? 0 : standard.amounts[currency]) : 0;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
      <dt className="text-base font-semibold">Subtotal</dt>
      <dd className="text-base font-semibold" data-cart-subtotal>
        {formatMinor(subtotal, currency)}
      </dd>
      {offer &&
        discount > 0 && [
          <dt key="discount-t">{offer.code}</dt>,
          <dd key="discount-d" data-cart-discount>
            {`−${formatMinor(discount, currency)}`}
          </dd>,
        ]}
      {stays && (
        <dd className="col-span-2 text-stone-700" data-credit-stays={stays}>
          {`${formatMinor(stays, currency)} of your store credit is not used on this order: it stays yours, and we e-mail it to you as a new code once you have paid.`}
        </dd>
      )}
      {shipping.map((choice) => {
        return [
          <dt key={`${choice.service}-t`} className="text-stone-700">
            {choice.label} ({businessDays(choice.days)})
          </dt>,
          <dd key={`${choice.service}-d`} data-shipping={choice.service}>
            {choice.free ? 'Free' : formatMinor(choice.amounts[currency], currency)}
          </dd>,
        ];
      })}
      <dd className="col-span-2 mt-2 text-stone-700">
        {standardFree
          ? 'Your order ships free with standard delivery. '
          : `Standard delivery is free on orders over ${formatMinor(threshold, currency)}${
              // Free when over the threshold: one minor unit more than it.
              subtotal > 0 && threshold >= subtotal ? ` (${formatMinor(threshold + 1 - subtotal, currency)} to go)` : ''
            }. `}
        You choose the delivery at checkout. See our{' '}
        <a href={to('/shipping-policy')} className="underline underline-offset-2">
          shipping policy
        </a>
        .
      </dd>
      {discount > 0 && (
        <dd className="col-span-2 font-semibold" data-cart-expected>
          {`To pay with standard delivery: about ${formatMinor(subtotal - discount + standardCost, currency)}${taxOn && currency === 'USD' ? ' plus sales tax' : ''}; checkout shows the exact figure.`}
        </dd>
      )}
      {taxNote && (
        <dd className="col-span-2 text-stone-700" data-tax-note>
          {taxNote}
        </dd>
      )}
      {dutiesNote && (
        <dd className="col-span-2 text-stone-700" data-duties-note>
          {dutiesNote}
        </dd>
      )}
    </dl>
  );
}
