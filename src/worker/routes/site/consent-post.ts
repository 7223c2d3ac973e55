import type { Context } from 'hono';
import { consentReturnPath, isConsentChoice } from '#shared/visitor/consent.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { writeConsent } from '#worker/http/cookies.ts';

/**
 * The consent banner without JavaScript: stores the choice in the cookie the server reads, then
 * goes back to the page it was made on (a path on this site only). With JavaScript the banner
 * saves in place and never posts.
 */
export async function postConsent(c: Context<AppEnv>) {
  const form = await readFields(c, ['form']);
  const choice = form.choice;
  if (!isConsentChoice(choice)) return c.text('Choose Accept or Reject.', 400);
  writeConsent(c, choice);
  c.header('Cache-Control', 'no-store');
  return c.redirect(consentReturnPath(form.return), 303);
}
