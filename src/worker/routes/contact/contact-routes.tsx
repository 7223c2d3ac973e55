import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validator } from 'hono/validator';
import {
  contactFields,
  contactNotices,
  contactRefusals,
  fillTokenValue,
  honeypotValue,
  turnstileTokenValue,
  validateContact,
  type ContactPageState,
} from '#shared/contact/form.ts';
import { contactStatus, parseContactOutcome } from '#shared/contact/status.ts';
import { fillTokenFor } from './fill-time';
import { keepAlive } from './keep-alive';
import { turnstileOn } from './turnstile';
import { submitContact } from './submit-contact';
import type { AppEnv } from '#worker/app-context.ts';
import { contactApiRoutes, MAX_CONTACT_BODY_BYTES } from './contact-api';
import { ContactPage, contactHead } from './contact-page';

/**
 * The contact page, fresh or with the answer to the plain-HTML form (typed values, the problem or
 * refusal, or the outcome). The caller sets the status code first. `fillToken` is the posted form's
 * own token when the page is shown again: the visitor's time counts from the first rendering, so a
 * quick fix of one field is not taken for a bot. Otherwise a fresh one.
 */
async function renderContactPage(c: Context<AppEnv>, state: ContactPageState = {}, fillToken?: string) {
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

/**
 * The contact page, the plain-HTML form's post, and the JSON API the island posts to.
 * A refused post shows the page again with what was typed.
 */
export const contactRoutes = new Hono<AppEnv>()
  .get('/contact', (c) => renderContactPage(c, { outcome: parseContactOutcome(c.req.query('sent')) }))
  .post(
    '/contact',
    bodyLimit({
      maxSize: MAX_CONTACT_BODY_BYTES,
      onError: (c) => {
        c.status(413);
        return renderContactPage(c, { notice: contactRefusals.too_large });
      },
    }),
    // An unreadable form (e.g. multipart without its boundary) is a 400 from Hono's validator.
    validator('form', (form) => form),
    async (c) => {
      const form = c.req.valid('form');
      const values = contactFields(form);
      const fillToken = fillTokenValue(form);
      const checked = validateContact(form);
      if (!checked.ok) {
        c.status(400);
        return renderContactPage(c, { values, problem: checked.problem }, fillToken);
      }
      const deps = c.get('deps');
      const result = await submitContact(deps, c.get('log'), checked.value, {
        senderAddress: deps.senderAddressOf(c),
        honeypot: honeypotValue(form),
        fillToken,
        turnstileToken: turnstileTokenValue(form),
        keepAlive: keepAlive(c),
      });
      if (result.kind === 'rate_limited') {
        c.status(429);
        c.header('Retry-After', String(result.retryAfterSeconds));
        return renderContactPage(c, { values, notice: contactRefusals.rate_limited }, fillToken);
      }
      if (result.kind === 'challenge_failed') {
        c.status(400);
        return renderContactPage(c, { values, notice: contactRefusals.challenge_failed }, fillToken);
      }
      if (result.kind === 'not_saved') {
        c.status(503);
        const { title, description } = contactNotices.not_saved;
        return renderContactPage(c, { values, notice: { title, description } }, fillToken);
      }
      // Post/redirect/get: a reload does not send the message twice.
      return c.redirect(`/contact?sent=${result.outcome}`, 303);
    },
  )
  .route('/', contactApiRoutes);
