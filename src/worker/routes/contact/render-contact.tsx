import type { Context } from 'hono';
import type { ContactPageState } from '#shared/contact/form.ts';
import { contactStatus } from '#shared/contact/status.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import type { AppEnv } from '#worker/app-context.ts';
import type { PageHead } from '#worker/render/head.ts';
import { ContactPage } from './contact-page';

const title = 'Contact Us';
const description =
  'Contact our team about laser training systems, orders, returns or bulk quotes: message form, phone, e-mail, WhatsApp and business hours.';

function contactHead(siteUrl: string): PageHead {
  return {
    title,
    description,
    canonicalPath: '/contact',
    jsonLd: [webPageJsonLd({ name: title, description, url: absoluteUrl(siteUrl, '/contact') }, { type: 'ContactPage' })],
  };
}

/**
 * The contact page, fresh or with the answer to the plain-HTML form (typed values, the problem or
 * refusal, or the outcome). The caller sets the status code first.
 */
export function renderContactPage(c: Context<AppEnv>, state: ContactPageState = {}) {
  const form = { values: state.values, invalidField: state.problem?.field, status: contactStatus(state) };
  return c.render(<ContactPage form={form} />, contactHead(c.get('deps').settings.SITE_URL));
}
