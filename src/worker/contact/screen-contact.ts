import type { Settings } from '#worker/base/settings.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import { firstUse } from '#worker/limits/durable-limit.ts';
import { checkFillTime, FORM_TOKEN_SCOPE, formTokenKey } from './fill-time.ts';
import { turnstileOn, verifyTurnstile } from './turnstile-verify.ts';

export interface ScreenInput {
  /** The form's hidden honeypot field: people leave it empty, form-filling bots do not. */
  honeypot: string;
  /** The form's signed render time (fill-token.ts); '' when the post carried none. */
  fillToken: string;
  /** The Turnstile widget's token ('' without one). */
  turnstileToken: string;
  senderAddress: string | undefined;
  /** Which form is screened, for the log ('contact' unless told). */
  form?: 'contact' | 'review';
}

/**
 * What the screening decided: 'drop' a bot, answered as if its message went (the honeypot, a form sent
 * faster than a person types, a token used before), so it learns nothing; 'refuse' Turnstile said no,
 * the visitor is asked to try again; 'pass'; or 'keep': a person's form whose token the database could
 * not check for a second use (it is down or busy), so the message is kept with the token and the
 * check is made where it is saved (contact-spool.ts).
 */
export type Screening = { verdict: 'drop' | 'refuse' | 'pass' } | { verdict: 'keep'; formToken: { key: string; window: number } };

/**
 * The bot checks before anything is saved. Everything that cannot be known passes (a fill-time token
 * that does not verify, siteverify unreachable, a database that cannot say whether the token served
 * before): losing a person's message is worse than letting a bot through (decisions 014 and 018). A
 * post with no token at all is a bot's.
 */
export async function screenContact(settings: Settings, db: Db, log: Logger, input: ScreenInput): Promise<Screening> {
  const form = input.form ?? 'contact';
  if (input.honeypot.trim() !== '') {
    log('warn', `${form} spam dropped`, { reason: 'honeypot' });
    return { verdict: 'drop' };
  }
  const fill = await checkFillTime(settings, input.fillToken);
  // Every form the shop renders carries its token (a hidden field, with or without JavaScript): a post
  // without one skipped the form, which is how a bot gets past the fill time. A token that does not
  // verify (a restart with another key) still passes: that visitor did fill the form.
  if (fill?.kind === 'unknown' && fill.reason === 'missing') {
    log('warn', `${form} spam dropped`, { reason: 'no form token' });
    return { verdict: 'drop' };
  }
  if (fill?.kind === 'too_fast') {
    log('warn', `${form} spam dropped`, { reason: 'too fast', elapsedMs: fill.elapsedMs, minFillMs: settings.CONTACT_MIN_FILL_MS });
    return { verdict: 'drop' };
  }
  if (fill?.kind === 'unknown') log('warn', `${form} fill time unknown`, { reason: fill.reason });
  if (turnstileOn(settings)) {
    const verdict = await verifyTurnstile(settings, input.turnstileToken, input.senderAddress);
    if (verdict.kind === 'failed') {
      log('warn', `${form} turnstile failed`, { errorCodes: verdict.errorCodes });
      return { verdict: 'refuse' };
    }
    if (verdict.kind === 'unavailable') log('error', `${form} turnstile unavailable`, { reason: verdict.reason });
  }
  // A token serves one message: replaying one real page's token cannot carry a bot past the fill time.
  // (The island gets a fresh token with each answer, so a person's second message has its own.) It is
  // spent only once Turnstile passed: a person turned down by it sends the same form again.
  if (fill?.kind !== 'human') return { verdict: 'pass' };
  const formToken = { key: await formTokenKey(settings, input.fillToken), window: Math.floor(fill.renderedAt / 1000) };
  try {
    if (!(await firstUse(db, FORM_TOKEN_SCOPE, formToken.key, formToken.window))) {
      log('warn', `${form} spam dropped`, { reason: 'form token used again' });
      return { verdict: 'drop' };
    }
  } catch (err) {
    log('error', `${form} form token not checked: the database cannot say`, errorFields(err));
    return { verdict: 'keep', formToken };
  }
  return { verdict: 'pass' };
}
