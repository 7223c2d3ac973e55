import type { ShippingChoice } from '#shared/cart/shipping.ts';
import { formatMinor } from '#shared/money.ts';
import { businessDays, policyMoney } from '#shared/policy/text.ts';
import { FREE_STANDARD_SHIPPING_OVER } from '#shared/policy/figures.ts';
import type { Currency } from '#shared/region/region.ts';
import { cartTaxNote } from '#shared/offers/tax.ts';
import { useHref } from '#ui/state/market-context.ts';

/** Subtotal and the shipping that applies from the policy, in the cart's currency (what checkout charges). */
export function CartSummary({
  subtotal,
  currency,
  shipping,
  taxOn,
}: {
  subtotal: number;
  currency: Currency;
  shipping: ShippingChoice[];
  taxOn: boolean;
}) {
  const to = useHref();
  const taxNote = cartTaxNote(currency, taxOn);
  const standardFree = shipping.some((c) => c.service === 'standard' && c.free);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
      <dt className="text-base font-semibold">Subtotal</dt>
      <dd className="text-base font-semibold" data-cart-subtotal>
        {formatMinor(subtotal, currency)}
      </dd>
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
          : `Standard delivery is free on orders over ${policyMoney(FREE_STANDARD_SHIPPING_OVER)}. `}
        You choose the delivery at checkout. See our{' '}
        <a href={to('/shipping-policy')} className="underline underline-offset-2">
          shipping policy
        </a>
        .
      </dd>
      {taxNote && (
        <dd className="col-span-2 text-stone-700" data-tax-note>
          {taxNote}
        </dd>
      )}
    </dl>
  );
}
