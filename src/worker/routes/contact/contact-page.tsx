import type { Context } from 'hono';
import ContactForm, { type ContactFormProps } from '#ui/islands/ContactForm.tsx';
import type { ContactPageState } from '#shared/contact/form.ts';
import { contactStatus, parseContactOutcome } from '#shared/contact/status.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { TURNSTILE_SCRIPT_ID, TURNSTILE_SCRIPT_URL } from '#shared/contact/turnstile.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { staticHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { renderPage } from '#worker/render/page.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { ContactDetails, FindUs } from './contact-details.tsx';
import { fillTokenFor } from '#worker/contact/fill-time.ts';
import { turnstileOn } from '#worker/contact/turnstile-verify.ts';

export interface ContactData {
  form: ContactFormProps;
}

/**
 * The form as this rendering shows it: fresh, or with the answer to the plain-HTML post (typed
 * values, the problem or refusal, or the outcome). `fillToken` is the posted form's own token when
 * the page is shown again: the visitor's time counts from the first rendering, so a quick fix of
 * one field is not taken for a bot. Otherwise a fresh one.
 */
async function contactData(c: Context<AppEnv>, state: ContactPageState, fillToken?: string): Promise<ContactData> {
  const { settings } = c.get('deps');
  return {
    form: {
      values: state.values,
      invalidField: state.problem?.field,
      status: contactStatus(state),
      fillToken: fillToken ?? (await fillTokenFor(settings)),
      turnstileSiteKey: turnstileOn(settings) ? settings.TURNSTILE_SITE_KEY : undefined,
    },
  };
}

/** /contact, or /contact?sent=… after a plain-HTML post (post/redirect/get). */
export function load(c: Context<AppEnv>): Promise<ContactData> {
  return contactData(c, { outcome: parseContactOutcome(c.req.query('sent')) });
}

/** The page again with the answer to a plain-HTML post; the caller sets the status code first. */
export async function renderContact(c: Context<AppEnv>, state: ContactPageState, fillToken?: string) {
  return renderPage(c, { load, head, Page }, await contactData(c, state, fillToken));
}

const staticContactHead = staticHead({
  path: '/contact',
  title: 'Contact Us',
  description:
    'Contact our team about laser training systems, orders, returns or bulk quotes: message form, phone, e-mail, WhatsApp and business hours.',
  jsonLd: (page) => webPageJsonLd(page, { type: 'ContactPage' }),
});

/** Never kept by a shared cache: the form carries the time it was rendered (its fill-time token). */
export function head(_data: ContactData, siteUrl: string) {
  return { ...staticContactHead(siteUrl), cacheTags: undefined };
}

/** The contact page (/contact): the form on the left, details on the right, the offices below. */
export function Page({ form }: ContactData) {
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
          {/* On the first interaction (focus, a tap): React is not loaded before the visitor uses the form, which
              posts as a plain HTML form until then and takes what was typed meanwhile. With Turnstile, at idle:
              the widget must be ready before the visitor sends. */}
          <Island name="ContactForm" component={ContactForm} props={form} hydrate={form.turnstileSiteKey ? 'idle' : 'interaction'} />
          {/* Turnstile (only when configured): its script loads with the page; the island renders the widget. */}
          {form.turnstileSiteKey && <script id={TURNSTILE_SCRIPT_ID} src={TURNSTILE_SCRIPT_URL} async nonce={nonce} />}
        </section>
        <ContactDetails />
      </div>

      <section aria-labelledby="find-us-heading" className="mt-16">
        <h2 id="find-us-heading" className="text-2xl font-semibold text-stone-900">
          Find Us
        </h2>
        {/* The spec's "Interactive Map Would Be Displayed Here" placeholder is gone (issue 66): each office and a link to a map. */}
        <FindUs />
      </section>
    </div>
  );
}
