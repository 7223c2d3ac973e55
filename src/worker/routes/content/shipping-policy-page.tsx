import { PolicyPricesNote } from '#worker/components/tax-wording.tsx';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { POLICIES_LAST_UPDATED, PROCESSING_DAYS, shippingRates } from '#shared/policy/figures.ts';
import { dutiesNote } from '#shared/policy/duties.ts';
import { dutyEstimates } from '#worker/base/settings.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import {
  businessDays,
  freeShippingDestinationsText,
  freeShippingOverFigures,
  freeShippingOverIn,
  shippingCostText,
  shipsInText,
} from '#shared/policy/text.ts';
import { staticHead } from '#worker/render/head.ts';
import { PolicyContact, PolicyLayout, PolicySection, ScrollTable, tableClasses as t } from './policy-layout.tsx';
import { useHref } from '#ui/state/market-context.ts';
import { currencyByRegion, type Currency } from '#shared/region/region.ts';

/**
 * Times and costs per destination, in the visitor's currency (the figures their cart charges); three
 * columns, so it reads whole on a 360 px phone.
 */
function ShippingTable({ currency }: { currency: Currency }) {
  return (
    <ScrollTable caption="Delivery times and costs by destination" columns={['Destination', 'Standard', 'Express']} narrow>
      {shippingRates.map((rate) => (
        <tr key={rate.destination}>
          <th scope="row" className={t.rowHeader}>
            {rate.label}
          </th>
          <td className={t.td}>
            <span className="block font-medium">{shippingCostText(rate.standard, currency)}</span>
            {businessDays(rate.standard.days)}
            {rate.freeStandardShipping && <span className="block text-xs text-stone-600">Free over {freeShippingOverIn(currency)}</span>}
          </td>
          <td className={t.td}>
            <span className="block font-medium">{shippingCostText(rate.express, currency)}</span>
            {businessDays(rate.express.days)}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

export function Page() {
  const to = useHref();
  const { settings, region } = useRequestInfo();
  const currency = currencyByRegion[region.region];
  return (
    <PolicyLayout
      title="Shipping Policy"
      intro="We ship our laser training equipment worldwide from the United Kingdom and Lithuania. This policy explains how long delivery takes, what it costs and what happens if something goes wrong."
    >
      <PolicySection id="processing" title="Order processing">
        <p>
          We process orders within <strong>{businessDays(PROCESSING_DAYS)}</strong> of payment. Orders placed at a weekend or on a UK bank
          holiday are processed on the next business day. Product pages say “{shipsInText}” for items in stock, which allows for busy
          periods and our carriers’ collection times.
        </p>
        <p>
          If an item you ordered turns out to be out of stock, we e-mail you before dispatch with a realistic date, and you can cancel for a
          full refund if it no longer suits you.
        </p>
      </PolicySection>

      <PolicySection id="times-and-costs" title="Delivery times and costs">
        <p>
          Delivery times are counted in business days (Monday to Friday, excluding public holidays) from dispatch. <PolicyPricesNote />
        </p>
        <ShippingTable currency={currency} />
        <p>
          Costs for the rest of the world start from the amounts shown and depend on the destination country and the size of the parcel; the
          exact cost is shown at checkout before you pay.
        </p>
      </PolicySection>

      <PolicySection id="free-shipping" title="Free standard shipping">
        <p>
          Standard shipping is free on orders over <strong>{freeShippingOverIn(currency)}</strong> delivered to{' '}
          {freeShippingDestinationsText} (the threshold is {freeShippingOverFigures}, in the currency your cart is in). Express delivery is
          always charged at the rates above.
        </p>
      </PolicySection>

      <PolicySection id="customs" title="Customs, duties and taxes">
        <p>
          UK orders ship from our Leeds warehouse and EU orders from Vilnius, inside their own customs areas: nothing more is due on
          delivery. Orders sent outside the area they ship from may be charged import VAT, customs duty or handling fees by the destination
          country. These charges are set by local authorities, are not included in our prices or shipping costs, and are paid by the
          recipient, usually to the carrier before it delivers. Refused parcels are returned to us and refunded minus the original shipping
          cost and any return charges we are billed.
        </p>
        <ul className="list-disc pl-6" data-duties-estimates="">
          {(['US', 'ROW'] as const).map((destination) => (
            <li key={destination}>{dutiesNote(destination, dutyEstimates(settings))}</li>
          ))}
        </ul>
      </PolicySection>

      <PolicySection id="tracking" title="Tracking your order">
        <p>
          Every order is sent with tracking. When your parcel leaves us we e-mail you the tracking number and a link to the carrier’s
          tracking page. It can take up to a day for the first scan to appear.
        </p>
      </PolicySection>

      <PolicySection id="lawful-use" title="Restricted destinations and lawful use">
        <p>
          Our products are training equipment, not firearms: they fire no projectile and cannot be converted to fire ammunition. Some
          countries still restrict the import of laser devices (our rifle trainers use Class 3R lasers) or of training replicas that look
          like firearms. Before ordering, please check that the products are legal to import and own where you live. We may cancel and
          refund an order that we cannot lawfully deliver.
        </p>
        <p>
          Carry training equipment in a closed bag, never in public view, and never point a laser at people, animals, vehicles or aircraft.
        </p>
      </PolicySection>

      <PolicySection id="problems" title="Late, lost or damaged parcels">
        <p>
          If your parcel has not arrived within the delivery time above, or arrives damaged, contact us with your order number (and photos
          of any damage). We trace the parcel with the carrier and, if it is lost or damaged, send a replacement or refund you in full. See
          our <a href={to('/returns')}>Returns &amp; Refunds</a> policy for returns.
        </p>
      </PolicySection>

      <PolicyContact />
    </PolicyLayout>
  );
}

export const head = staticHead({
  path: '/shipping-policy',
  title: 'Shipping Policy',
  description: `Delivery times and costs for the UK, EU, US and worldwide, free standard delivery over ${freeShippingOverFigures}, order processing, tracking and customs duties.`,
  jsonLd: (page) => webPageJsonLd(page, { dateModified: POLICIES_LAST_UPDATED }),
});
