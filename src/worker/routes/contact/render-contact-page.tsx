import type { Context } from 'hono';
import type { ContactPageState } from '#shared/contact/form.ts';
import { contactStatus } from '#shared/contact/status.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { ContactPage, contactHead } from './contact-page';
import { fillTokenFor } from './fill-time';
import { turnstileOn } from './turnstile';

/**
 * The contact page, fresh or with the answer to the plain-HTML form (typed values, the problem or
 * refusal, or the outcome). The caller sets the status code first. `fillToken` is the posted form's
 * own token when the page is shown again: the visitor's time counts from the first rendering, so a
 * quick fix of one field is not taken for a bot. Otherwise a fresh one.
 */
export async function renderContactPage(c: Context<AppEnv>, state: ContactPageState = {}, fillToken?: string) {
  const { settings } = c.get('deps');
  const form = {
    values: state.values,
    invalidField: state.problem?.field,
    status: contactStatus(state),
    fillToken: fillToken ?? (await fillTokenFor(settings)),
    turnstileSiteKey: turnstileOn(settings) ? settings.TURNSTILE_SITE_KEY : undefined,
  };
  return c.render(<ContactPage form={form} />, contactHead(settings.SITE_URL));
}
