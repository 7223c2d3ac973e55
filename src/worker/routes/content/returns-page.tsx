import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { POLICIES_LAST_UPDATED, returnsPolicy } from '#shared/policy/figures.ts';
import { businessDays, formatPercent, returnWindowText, warrantyText } from '#shared/policy/text.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { staticHead } from '#worker/render/head.ts';
import { PolicyContact, PolicyLayout, PolicySection } from './policy-layout.tsx';
import { useHref } from '#ui/state/market-context.ts';

const storeCredit = formatPercent(returnsPolicy.storeCreditPercent);

export function Page() {
  const to = useHref();
  return (
    <PolicyLayout
      title="Returns & Refunds"
      intro={`Changed your mind? You can return an item within ${returnWindowText} of delivery. Faulty or wrong items are our responsibility, and every product is under warranty for ${warrantyText}.`}
    >
      <PolicySection id="return-window" title="Returning an item">
        <p>
          You can return any item within <strong>{returnWindowText}</strong> of the day it is delivered. To receive a full refund, the item
          must be <strong>{returnsPolicy.condition}</strong>, with all accessories, manuals and batteries that came with it. You may handle
          an item as you would in a shop to check it; if it has been used for training or is returned incomplete, we may reduce the refund
          to reflect the loss in value, as the law allows.
        </p>
      </PolicySection>

      <PolicySection id="how-to-return" title="How to return">
        <ol>
          <li>
            Open your order’s page (the link in your confirmation e-mail, or ask for it at <a href={to('/orders')}>Your orders</a>) and
            choose <strong>Return items</strong>: the items, why, and whether you would like a refund or store credit. We e-mail you the
            return address and your return reference at once. You can also e-mail <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>{' '}
            with your order number.
          </li>
          <li>Pack the items securely in their original packaging and write the return reference on the outer box.</li>
          <li>Send the parcel with a tracked service and keep the proof of postage until your refund arrives.</li>
        </ol>
      </PolicySection>

      <PolicySection id="return-shipping" title="Return shipping">
        <p>
          {returnsPolicy.returnShipping}: if we sent a faulty, damaged or wrong item, we refund the return postage or send you a prepaid
          label.
        </p>
      </PolicySection>

      <PolicySection id="refunds" title="Refunds">
        <p>
          We inspect returns on arrival and process refunds within <strong>{businessDays(returnsPolicy.refundDays)}</strong> of receiving
          them. Refunds go back to the payment method you used; your bank or card issuer may take a few more days to show them. When you
          return a whole order within the return window, we also refund the standard shipping cost you paid.
        </p>
      </PolicySection>

      <PolicySection id="store-credit" title="Store credit">
        <p>
          Instead of a refund you can choose store credit worth <strong>{storeCredit}</strong> of what you paid for the returned items (less
          anything already refunded for them). Store credit is issued as a code by e-mail once we receive the return, and can be used on any
          product in our shop. If an order comes to less than the credit, what is left is yours: we e-mail it as a new code.
        </p>
      </PolicySection>

      <PolicySection id="exchanges" title="Exchanges">
        <p>
          You can exchange a returned item for one in stock of <strong>{returnsPolicy.exchangeFor}</strong>. If the new product costs more,
          we e-mail you a payment link for the difference; it ships once the return has arrived and the difference is paid.
        </p>
      </PolicySection>

      <PolicySection id="damaged" title="Damaged, faulty or wrong items">
        <p>
          If your order arrives damaged, or we sent the wrong item, contact us as soon as you can with your order number and photos of the
          item and the packaging. We send a replacement or refund you in full, including all shipping costs.
        </p>
      </PolicySection>

      <PolicySection id="warranty" title="Warranty">
        <p>
          Every product is under warranty for <strong>{warrantyText}</strong> from the date of delivery against defects in materials and
          workmanship. If a fault appears, contact us with your order number and a short description or video; we repair or replace the
          item, or refund it if neither is possible. The warranty does not cover normal wear, accidental damage, misuse, or units that have
          been opened or modified.
        </p>
      </PolicySection>

      <PolicySection id="statutory-rights" title="Your statutory rights">
        <p>
          This policy is in addition to your rights under UK consumer law (the Consumer Rights Act 2015 and the Consumer Contracts
          Regulations 2013) and the consumer law of your country, and does not affect them.
        </p>
      </PolicySection>

      <PolicyContact />
    </PolicyLayout>
  );
}

export const head = staticHead({
  path: '/returns',
  title: 'Returns & Refunds',
  description: `Return items within ${returnWindowText} of delivery. Refunds in ${businessDays(returnsPolicy.refundDays)}, ${storeCredit} store credit, exchanges and a warranty of ${warrantyText}.`,
  jsonLd: (page) => webPageJsonLd(page, { dateModified: POLICIES_LAST_UPDATED }),
});
