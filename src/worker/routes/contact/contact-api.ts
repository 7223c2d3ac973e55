import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  contactNotices,
  contactRefusals,
  fillTokenValue,
  honeypotValue,
  turnstileTokenValue,
  validateContact,
  type ContactResponse,
} from '#shared/contact/form.ts';
import { keepAlive } from './keep-alive';
import { submitContact } from './submit-contact';
import type { AppEnv } from '#worker/app-context.ts';

/** Far above the largest valid message (5,000 characters of 4-byte UTF-8 is 20 KB). */
export const MAX_CONTACT_BODY_BYTES = 32 * 1024;

type Refusal = keyof typeof contactRefusals;
type Status = 200 | 400 | 413 | 415 | 429 | 503;

function answer(c: Context<AppEnv>, body: ContactResponse, status: Status) {
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
}
const refuse = (c: Context<AppEnv>, error: Refusal, status: Status) =>
  answer(c, { ok: false, error, notice: contactRefusals[error] }, status);

async function readJson(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/contact: what the contact form island sends. The fields are checked as the browser
 * checks them, then saved and e-mailed (src/worker/routes/contact/submit-contact.ts).
 */
export const contactApiRoutes = new Hono<AppEnv>().post(
  '/api/contact',
  bodyLimit({ maxSize: MAX_CONTACT_BODY_BYTES, onError: (c) => refuse(c, 'too_large', 413) }),
  async (c) => {
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return refuse(c, 'bad_request', 415);
    const body = await readJson(c);
    if (!body) return refuse(c, 'bad_request', 400);
    const checked = validateContact(body);
    if (!checked.ok) return answer(c, { ok: false, error: 'invalid', problem: checked.problem }, 400);

    const deps = c.get('deps');
    const result = await submitContact(deps, c.get('log'), checked.value, {
      senderAddress: deps.senderAddressOf(c),
      honeypot: honeypotValue(body),
      fillToken: fillTokenValue(body),
      turnstileToken: turnstileTokenValue(body),
      keepAlive: keepAlive(c),
    });
    if (result.kind === 'rate_limited') {
      c.header('Retry-After', String(result.retryAfterSeconds));
      return refuse(c, 'rate_limited', 429);
    }
    if (result.kind === 'challenge_failed') return refuse(c, 'challenge_failed', 400);
    if (result.kind === 'not_saved') return answer(c, { ok: false, error: 'not_saved', notice: contactNotices.not_saved }, 503);
    return answer(c, { ok: true, id: result.id, outcome: result.outcome }, 200);
  },
);
