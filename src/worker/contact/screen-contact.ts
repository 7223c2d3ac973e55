import type { Settings } from '#worker/base/settings.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import { firstUse } from '#worker/limits/durable-limit.ts';
import { checkFillTime, formTokenKey } from './fill-time.ts';
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
 * The bot checks before anything is saved. 'drop': a bot that is answered as if its message went
 * (the honeypot, a form sent faster than a person types), so it learns nothing. 'refuse': Turnstile
 * said no; the visitor is asked to try again. 'pass': everything else, including what cannot be
 * known (a fill-time token that does not verify, siteverify unreachable): losing a person's message is
 * worse than letting a bot through (decisions 014 and 018). A post with no token at all is a bot's.
 */
export async function screenContact(settings: Settings, db: Db, log: Logger, input: ScreenInput): Promise<'drop' | 'refuse' | 'pass'> {
  const form = input.form ?? 'contact';
  if (input.honeypot.trim() !== '') {
    log('warn', `${form} spam dropped`, { reason: 'honeypot' });
    return 'drop';
  }
  const fill = await checkFillTime(settings, input.fillToken);
  // Every form the shop renders carries its token (a hidden field, with or without JavaScript): a post
  // without one skipped the form, which is how a bot gets past the fill time. A token that does not
  // verify (a restart with another key) still passes: that visitor did fill the form.
  if (fill?.kind === 'unknown' && fill.reason === 'missing') {
    log('warn', `${form} spam dropped`, { reason: 'no form token' });
    return 'drop';
  }
  if (fill?.kind === 'too_fast') {
    log('warn', `${form} spam dropped`, { reason: 'too fast', elapsedMs: fill.elapsedMs, minFillMs: settings.CONTACT_MIN_FILL_MS });
    return 'drop';
  }
  if (fill?.kind === 'unknown') log('warn', `${form} fill time unknown`, { reason: fill.reason });
  if (turnstileOn(settings)) {
    const verdict = await verifyTurnstile(settings, input.turnstileToken, input.senderAddress);
    if (verdict.kind === 'failed') {
      log('warn', `${form} turnstile failed`, { errorCodes: verdict.errorCodes });
      return 'refuse';
    }
    if (verdict.kind === 'unavailable') log('error', `${form} turnstile unavailable`, { reason: verdict.reason });
  }
  // A token serves one message: replaying one real page's token cannot carry a bot past the fill time.
  // (The island gets a fresh token with each answer, so a person's second message has its own.) It is
  // spent only once Turnstile passed: a person turned down by it sends the same form again.
  if (
    fill?.kind === 'human' &&
    !(await firstUse(db, 'form-token', await formTokenKey(settings, input.fillToken), Math.floor(fill.renderedAt / 1000)))
  ) {
    log('warn', `${form} spam dropped`, { reason: 'form token used again' });
    return 'drop';
  }

  return 'pass';
}
