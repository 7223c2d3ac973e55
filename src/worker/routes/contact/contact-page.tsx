import ContactForm, { type ContactFormProps } from '#client/islands/ContactForm.tsx';
import { staticHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { TURNSTILE_SCRIPT_ID, TURNSTILE_SCRIPT_URL } from '#shared/contact/turnstile.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { ContactDetails } from './contact-details';

export const contactHead = staticHead({
  path: '/contact',
  title: 'Contact Us',
  description:
    'Contact our team about laser training systems, orders, returns or bulk quotes: message form, phone, e-mail, WhatsApp and business hours.',
  jsonLd: (page) => webPageJsonLd(page, { type: 'ContactPage' }),
});

/** The contact page (/contact): the form on the left, details on the right, the map placeholder below. */
export function ContactPage({ form }: { form: ContactFormProps }) {
  const { nonce } = useRequestInfo();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">Contact Us</h1>
      <p className="mt-4 max-w-3xl text-lg text-stone-700">
        Questions about a training system, an order or a quote for your unit? Send us a message and we will get back to you.
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-heading" className="self-start rounded-lg border border-stone-200 bg-white p-6 sm:p-8">
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-semibold text-stone-900">
            Send Us a Message
          </h2>
          {/* Idle: typing must reach a live form; until then it posts as a plain HTML form. */}
          <Island name="ContactForm" component={ContactForm} props={form} hydrate="idle" />
          {/* Turnstile (only when configured): its script loads with the page; the island renders the widget. */}
          {form.turnstileSiteKey && <script id={TURNSTILE_SCRIPT_ID} src={TURNSTILE_SCRIPT_URL} async nonce={nonce} />}
        </section>
        <ContactDetails />
      </div>

      <section aria-labelledby="find-us-heading" className="mt-16">
        <h2 id="find-us-heading" className="text-2xl font-semibold text-stone-900">
          Find Us
        </h2>
        {/* 'Find Us' holds a placeholder only; a real map is not shown. */}
        <div className="mt-6 flex h-64 items-center justify-center rounded-lg border border-dashed border-stone-400 bg-stone-100 px-4 text-center text-stone-700">
          <p>Interactive Map Would Be Displayed Here</p>
        </div>
      </section>
    </div>
  );
}
