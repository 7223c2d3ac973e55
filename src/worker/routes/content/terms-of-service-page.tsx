import { PolicyPricesBasis } from '#worker/components/tax-wording.tsx';
import type { ReactNode } from 'react';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { POLICIES_LAST_UPDATED, PROCESSING_DAYS, returnsPolicy } from '#shared/policy/figures.ts';
import { businessDays, claimText, formatPercent, paymentMethodsText, returnWindowText, warrantyText } from '#shared/policy/text.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import { staticHead } from '#worker/render/head.ts';
import { PolicyLayout, PolicySection, shopAddressesText } from './policy-layout.tsx';
import { SiteLink } from '#ui/site/site-link.tsx';

/** The spec fixes 14 numbered sections; the number comes from the position. */
const sections: ReadonlyArray<{ id: string; title: string; body: ReactNode }> = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <p>
        These terms apply when you use this website or buy from {site.brand} (“we”, “us”). Our addresses are {shopAddressesText}. By placing
        an order you accept these terms, together with our <SiteLink href="/shipping-policy">Shipping Policy</SiteLink>,{' '}
        <SiteLink href="/returns">Returns &amp; Refunds</SiteLink> policy and <SiteLink href="/privacy-policy">Privacy Policy</SiteLink>.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may buy and lawful use',
    body: (
      <p>
        You must be at least 18 to order. Our products are training equipment, not firearms: they fire no projectile and cannot be converted
        to fire ammunition. You are responsible for making sure you may import, own, carry and use them where you live, and for using them
        only for lawful training.
      </p>
    ),
  },
  {
    id: 'laser-safety',
    title: 'Laser safety',
    body: (
      <>
        <p>
          Our trainers use Class 1 or Class 3R lasers, as stated on each product page. Class 3R lasers can injure the eye. Read the safety
          instructions supplied with each product and follow them.
        </p>
        <ul>
          <li>Never look into the laser aperture or point a laser at anyone’s eyes.</li>
          <li>
            Never aim a laser at people outside supervised training, at animals, vehicles or aircraft. In the UK, shining a laser at a
            vehicle or aircraft is a criminal offence.
          </li>
          <li>Our products are not toys. Keep them away from children.</li>
          <li>Training guns can be mistaken for real firearms. Carry them in a closed bag and never display them in public.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'products',
    title: 'Products and descriptions',
    body: (
      <p>
        We describe and photograph our products as accurately as we can. Colours on screen may vary, and manufacturers may make small
        changes to specifications that do not affect how a product works. If a change matters to you, ask us before ordering.
      </p>
    ),
  },
  {
    id: 'prices',
    title: 'Prices',
    body: (
      <p>
        Prices are shown in pounds sterling, euros or US dollars according to your region, which you can change at any time. You pay the
        price shown at checkout. Prices on our policy pages, such as shipping costs, are <PolicyPricesBasis />. If we find an obvious
        pricing error after you order, we contact you and you may confirm the order at the correct price or cancel it for a full refund.
      </p>
    ),
  },
  {
    id: 'orders',
    title: 'Orders and acceptance',
    body: (
      <p>
        Your order is an offer to buy. The contract between us is formed when we confirm dispatch by e-mail. We may decline or cancel an
        order, with a full refund, if an item is unavailable, the price was wrong, we cannot lawfully deliver to your address, or we suspect
        fraud.
      </p>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <p>
        We accept {paymentMethodsText}. Payment is taken when you order, on our payment provider’s secure hosted checkout; we never see or
        store your full card details.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery',
    body: (
      <p>
        We process orders within {businessDays(PROCESSING_DAYS)} and deliver within the times in our{' '}
        <SiteLink href="/shipping-policy">Shipping Policy</SiteLink>. Delivery times are estimates, not guarantees. The products are your
        responsibility once they are delivered to the address you gave us. Import charges outside the dispatching country are paid by the
        recipient.
      </p>
    ),
  },
  {
    id: 'returns',
    title: 'Returns and refunds',
    body: (
      <p>
        You may return items within {returnWindowText} of delivery; to receive a full refund they must be {returnsPolicy.condition}. We
        refund within {businessDays(returnsPolicy.refundDays)} of receiving the return, or you may choose store credit worth{' '}
        {formatPercent(returnsPolicy.storeCreditPercent)} of the purchase value or an exchange for {returnsPolicy.exchangeFor}.{' '}
        {returnsPolicy.returnShipping}. The full terms are in our <SiteLink href="/returns">Returns &amp; Refunds</SiteLink> policy.
      </p>
    ),
  },
  {
    id: 'warranty',
    title: 'Warranty and faulty goods',
    body: (
      <p>
        Every product is under warranty for {warrantyText} from delivery against defects in materials and workmanship. It does not cover
        normal wear, accidental damage, misuse or modification. As a consumer you also have legal rights if goods are faulty or not as
        described; this warranty is in addition to those rights and does not affect them.
      </p>
    ),
  },
  {
    id: 'promotions',
    title: 'Promotions and discounts',
    body: (
      <ul>
        <li>
          Subscribe &amp; Save: when you subscribe to the Training Gun Digest by e-mail and confirm, you receive a single-use code for{' '}
          {claimText.subscriptionDiscount} off your first order with us (one per subscriber, on the goods, not on delivery).
        </li>
        <li>
          Refer a Friend: you receive {claimText.referralDiscount} off for each friend you refer who places a first order, and your friend
          receives the same on that order.
        </li>
        <li>
          Unless an offer says otherwise, discounts cannot be combined, exchanged for cash or applied to orders already placed. We may end
          an offer at any time without affecting orders already placed.
        </li>
      </ul>
    ),
  },
  {
    id: 'website',
    title: 'Use of this website and intellectual property',
    body: (
      <p>
        The text, images, logos and guides on this website belong to us or our licensors. You may view and print them for your own training,
        but not copy them for commercial use. Do not misuse the website, for example by trying to break its security or overload it. Links
        to other websites are for convenience; we are not responsible for their content.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our liability',
    body: (
      <p>
        We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or failing to use
        reasonable care. We are not responsible for loss that was not foreseeable, for business losses, or for injury or damage caused by
        using a product against its safety instructions or the law. Nothing in these terms limits our liability for death or personal injury
        caused by our negligence, for fraud, or anything else the law does not allow us to limit.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Changes, governing law and contact',
    body: (
      <p>
        We may update these terms; the version published when you order applies to that order. These terms are governed by the law of
        England and Wales. If you live in Scotland, Northern Ireland or the European Union, you may also bring proceedings in your own
        courts and keep the protection of your local consumer law. Questions or complaints: e-mail{' '}
        <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a> or call {shopInfo.phone}.
      </p>
    ),
  },
];

export function Page() {
  return (
    <PolicyLayout
      title="Terms of Service"
      intro={`These terms explain how buying from ${site.brand} works: orders, payment, delivery, returns, warranty and the safe, lawful use of our laser training equipment.`}
    >
      <nav aria-labelledby="terms-contents" className="mt-8 rounded-lg border border-stone-200 bg-white p-6">
        <h2 id="terms-contents" className="text-lg font-semibold text-stone-900">
          Contents
        </h2>
        <ol className="columns-1 sm:columns-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <PolicySection key={s.id} id={s.id} title={`${i + 1}. ${s.title}`}>
          {s.body}
        </PolicySection>
      ))}
    </PolicyLayout>
  );
}

export const head = staticHead({
  path: '/terms-of-service',
  title: 'Terms of Service',
  description: `The terms for buying from ${site.brand}: orders, prices, payment, delivery, returns, warranty, promotions and laser safety.`,
  jsonLd: (page) => webPageJsonLd(page, { dateModified: POLICIES_LAST_UPDATED }),
});
