import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  contactFields,
  contactNotices,
  contactRefusals,
  fillTokenValue,
  honeypotValue,
  turnstileTokenValue,
  validateContact,
  type ContactResponse,
  type Notice,
} from '#shared/contact/form.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { renderContact } from './contact-page.tsx';
import { submitContact } from '#worker/contact/submit-contact.ts';
import { fillTokenFor } from '#worker/contact/fill-time.ts';

/** Far above the largest valid message (5,000 characters of 4-byte UTF-8 is 20 KB). */
export const MAX_CONTACT_BODY_BYTES = 32 * 1024;

type Status = 200 | 400 | 413 | 429 | 503;
type Refusal = Extract<ContactResponse, { ok: false }>;

function answerJson(c: Context<AppEnv>, body: ContactResponse, status: Status) {
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
}

const withNotice = (error: Exclude<Refusal['error'], 'invalid'>, notice: Notice): Refusal => ({ ok: false, error, notice });

/**
 * A post turned down, told as the sender reads it: JSON to the island; to the plain form, the page
 * again with what was typed (`fields`; none when the body was too large to read) and the reason.
 */
function refuse(c: Context<AppEnv>, refusal: Refusal, status: Status, fields?: Record<string, string>) {
  if (wantsJson(c)) return answerJson(c, refusal, status);
  c.status(status);
  const reason =
    'problem' in refusal
      ? { problem: refusal.problem }
      : { notice: { title: refusal.notice.title, description: refusal.notice.description } };
  if (!fields) return renderContact(c, reason);
  return renderContact(c, { values: contactFields(fields), ...reason }, fillTokenValue(fields));
}

/** The contact post's size limit, answered in the sender's terms (JSON or the page). */
export const contactBodyLimit = bodyLimit({
  maxSize: MAX_CONTACT_BODY_BYTES,
  onError: (c) => refuse(c, withNotice('too_large', contactRefusals.too_large), 413),
});

/**
 * POST /contact, one handler for the plain-HTML form and the island, as the cart's posts: the
 * fields are checked as the browser checks them, then saved and e-mailed (submit-contact.ts).
 * Without JavaScript a sent message is a 303 to /contact?sent=… (a reload does not send it twice)
 * and a refused one the page again; the island asks for JSON (ContactResponse) and must send JSON
 * (another body type is a 415, from readFields).
 */
export async function postContact(c: Context<AppEnv>) {
  const json = wantsJson(c);
  const fields = await readFields(c, json ? ['json'] : ['form']);
  const checked = validateContact(fields);
  if (!checked.ok) return refuse(c, { ok: false, error: 'invalid', problem: checked.problem }, 400, fields);

  const deps = c.get('deps');
  const result = await submitContact(deps, c.get('log'), checked.value, {
    senderAddress: deps.senderAddressOf(c),
    honeypot: honeypotValue(fields),
    fillToken: fillTokenValue(fields),
    turnstileToken: turnstileTokenValue(fields),
    keepAlive: keepAlive(c),
  });
  if (result.kind === 'rate_limited') {
    c.header('Retry-After', String(result.retryAfterSeconds));
    return refuse(c, withNotice('rate_limited', contactRefusals.rate_limited), 429, fields);
  }
  if (result.kind === 'challenge_failed') return refuse(c, withNotice('challenge_failed', contactRefusals.challenge_failed), 400, fields);
  if (result.kind === 'not_saved') return refuse(c, withNotice('not_saved', contactNotices.not_saved), 503, fields);
  // A token serves one message: the island's next message from this page takes this one.
  if (json) return answerJson(c, { ok: true, id: result.id, outcome: result.outcome, formToken: await fillTokenFor(deps.settings) }, 200);
  return c.redirect(c.get('href')(`/contact?sent=${result.outcome}`), 303);
}
