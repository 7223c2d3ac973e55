import { BROWSER_STORAGE, lastsInWords } from '#shared/visitor/browser-storage.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { POLICIES_LAST_UPDATED } from '#shared/policy/figures.ts';
import { paymentMethodsText } from '#shared/policy/text.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import { PERSONAL_DATA, personalData } from '#shared/privacy/personal-data.ts';
import { useHref } from '#ui/state/market-context.ts';
import { staticHead } from '#worker/render/head.ts';
import { PolicyLayout, PolicySection, shopAddressesText, ScrollTable, tableClasses as t } from './policy-layout.tsx';

const mailto = <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>;

export function Page() {
  const to = useHref();
  return (
    <PolicyLayout
      title="Privacy Policy"
      intro={`This policy explains what personal data ${site.brand} collects when you visit our shop, contact us or buy from us, why we collect it, who we share it with and the rights you have under UK data protection law (the UK GDPR and the Data Protection Act 2018).`}
    >
      <PolicySection id="who-we-are" title="Who we are">
        <p>
          {site.brand} is the controller of your personal data. Our addresses are {shopAddressesText}. For anything about your data, e-mail{' '}
          {mailto}.
        </p>
      </PolicySection>

      <PolicySection id="what-we-collect" title="What we collect and why">
        <h3>When you contact us</h3>
        <p>
          The contact form asks for your name, e-mail address, subject and message, and optionally your phone number. We store your message
          in our database and send it to our support inbox through our e-mail delivery provider, so that we can reply. Our lawful basis is
          our legitimate interest in answering you, or taking steps at your request before a contract when you ask about an order.
        </p>
        <h3>When you buy</h3>
        <p>
          Checkout happens on our payment provider’s secure hosted page. The provider collects your card or wallet details (
          {paymentMethodsText}) and shares with us what we need to fulfil the order: your name, e-mail address, delivery address, the items
          and the amount paid. We never receive or store your full card number. Our lawful bases are the performance of our contract with
          you and our legal duty to keep accounting records.
        </p>
        <h3>When you subscribe to the Training Gun Digest</h3>
        <p>
          {`The sign-up asks only for your e-mail address. We keep it with a record of your consent (what the form said, when, and from which page), send you a link to confirm, then new articles and your welcome code through our e-mail delivery provider, and a code for that discount at our payment provider. ${personalData('newsletter').basis} You can leave with one click from any of its e-mails; we then stop at once and remove your address.`}
        </p>
        <h3>Showing prices in your currency</h3>
        <p>
          To show prices in pounds, euros or dollars we work out your region from the country our hosting network associates with your IP
          address, or from your browser’s language. If your browser asks whether to share your location and you allow it, your approximate
          coordinates are sent once to a reverse-geocoding service to find your country; we do not keep them. We keep only the region you
          end up with (UK, EU or US). Our lawful basis is our legitimate interest in showing you the right prices.
        </p>
        <h3>Analytics and cookies</h3>
        <p>
          We measure how the shop is used with Google Analytics, loaded through Google Tag Manager: pages and products viewed, checkouts
          started and purchases, together with the campaign details (such as utm_source) of the link that brought you here. This helps us
          improve the shop and see which campaigns work.
        </p>
        <p>
          We use Google’s consent mode. If you are in the UK or the EU, analytics and advertising cookies stay off until you select Accept
          in our cookie banner; our lawful basis is your consent. Visitors in the US have them on unless they choose Reject. You can change
          your choice at any time with the Cookie settings button at the foot of every page.
        </p>
        <h3>Page speed measurements</h3>
        <p>
          To keep the shop fast on every device, your browser sends us how quickly each page loaded and responded to your taps (the Core Web
          Vitals). With each measurement we keep only the kind of page (for example “a product page”, never which one or its address), the
          shop version (UK, EU or US), whether the screen was phone, tablet or desktop sized, and which part of the page was slowest. We
          store no IP address, cookie or browser details with them, and nothing that identifies you; no cookie is used. Our lawful basis is
          our legitimate interest in a shop that works well.
        </p>
        <h3>Reviews widget</h3>
        <p>
          Our home and product pages show customer reviews from a third-party review service. Your browser loads the widget from that
          service, which receives your IP address and browser details as part of the request.
        </p>
        <h3>Server logs</h3>
        <p>
          Our servers log each request (the page address, time, response status and a request number) to keep the shop secure and to fix
          faults. Our hosting provider processes your IP address to deliver and protect the website. Our lawful basis is our legitimate
          interest in running a secure website.
        </p>
      </PolicySection>

      <PolicySection id="cookies" title="Cookies and browser storage">
        <p>
          We keep the following in your browser. Essential items are needed for features you use and are not used to track you; the rest are
          described above.
        </p>
        <ScrollTable caption="Cookies and browser storage we use" columns={['Name', 'Type', 'Purpose', 'Kept']}>
          {Object.values(BROWSER_STORAGE).map((s) => (
            <tr key={s.name}>
              <th scope="row" className={t.rowHeader}>
                {s.name}
              </th>
              <td className={t.td}>{s.essential ? `${s.kind} (essential)` : s.kind}</td>
              <td className={t.td}>{s.purpose}</td>
              <td className={t.td}>{lastsInWords(s.lasts)}</td>
            </tr>
          ))}
        </ScrollTable>
      </PolicySection>

      <PolicySection id="sharing" title="Who we share data with">
        <p>We never sell your personal data. We share it only with service providers who act on our instructions:</p>
        <ul>
          <li>our hosting and security provider, which delivers the website;</li>
          <li>our database provider, which stores contact messages;</li>
          <li>our e-mail delivery provider, which sends contact messages, our replies, order e-mails and the Digest;</li>
          <li>our payment provider, which takes payments and helps prevent fraud;</li>
          <li>delivery carriers, which receive your name, address and contact details to deliver your order;</li>
          <li>Google, which provides our analytics, within the limits of your cookie choice;</li>
          <li>the review service whose widget appears on home and product pages.</li>
        </ul>
        <p>We may also disclose data when the law requires it, for example to a court or the police.</p>
      </PolicySection>

      <PolicySection id="transfers" title="International transfers">
        <p>
          Our team works in the United Kingdom and Lithuania (in the European Union, which the UK recognises as giving adequate protection).
          Some of our providers process data in the United States. Where data leaves the UK we rely on UK adequacy regulations, the UK
          Extension to the EU-US Data Privacy Framework, or the UK International Data Transfer Agreement or Addendum, so your data keeps the
          same level of protection.
        </p>
      </PolicySection>

      <PolicySection id="retention" title="How long we keep data">
        <ul>
          {PERSONAL_DATA.map((d) => (
            <li key={d.kind}>
              <strong>{d.what}:</strong> {d.kept}.
            </li>
          ))}
        </ul>
        <p>
          After these periods we delete the data or make it anonymous, automatically. If you ask us to erase your data, we delete everything
          the law does not require us to keep; order and payment records stay, restricted to that purpose, until their period ends.
        </p>
      </PolicySection>

      <PolicySection id="rights" title="Your rights">
        <p>You have the right to:</p>
        <ul>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased, or its use restricted, in certain cases;</li>
          <li>object to our use of your data based on legitimate interests, and to direct marketing at any time;</li>
          <li>receive data you gave us in a portable format;</li>
          <li>withdraw your consent at any time, where we rely on it.</li>
        </ul>
        <p>
          To use any of these rights, e-mail {mailto}. It is free, and we reply within one month. We may ask you to confirm your identity
          first. You can also download a copy of the data we hold on your e-mail address yourself, from{' '}
          <a href={to('/orders')}>Your orders</a> (we e-mail you a link; no account needed).
        </p>
      </PolicySection>

      <PolicySection id="security" title="Security">
        <p>
          The website is served only over encrypted connections (HTTPS). Access to customer data is limited to the staff who need it, and
          card details are handled only by our payment provider, never by our servers.
        </p>
      </PolicySection>

      <PolicySection id="children" title="Children">
        <p>Our shop is for adults. We do not knowingly collect data from anyone under 18.</p>
      </PolicySection>

      <PolicySection id="changes" title="Changes to this policy">
        <p>
          When we change this policy we update the date at the top of this page. If a change affects how we use data you have already given
          us, we will tell you.
        </p>
      </PolicySection>

      <PolicySection id="complaints" title="Contact and complaints">
        <p>
          Questions or concerns: e-mail {mailto} or call {shopInfo.phone}. If you are unhappy with how we handle your data, you can complain
          to the Information Commissioner’s Office at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a> or on 0303 123 1113, or
          to the data protection authority in your EU country.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}

export const head = staticHead({
  path: '/privacy-policy',
  title: 'Privacy Policy',
  description: `How ${site.brand} uses personal data from the contact form, orders, analytics and cookies, how long we keep it, and your UK GDPR rights.`,
  jsonLd: (page) => webPageJsonLd(page, { dateModified: POLICIES_LAST_UPDATED }),
});
