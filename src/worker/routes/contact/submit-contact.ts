import type { ContactOutcome, ContactSubmission } from '#shared/contact/form.ts';
import { countRecentBySender, insertSubmission } from '#worker/db/queries/submissions.ts';
import type { AppDeps } from '#worker/app-context.ts';
import { errorFields, type Logger } from '#worker/log.ts';
import { deliver } from './deliver';
import { senderKey } from './sender-key';

const RATE_WINDOW_MS = 10 * 60 * 1000;

export type SubmitResult =
  { kind: 'saved'; id: number; outcome: ContactOutcome } | { kind: 'rate_limited'; retryAfterSeconds: number } | { kind: 'not_saved' };

/** The message is saved first (unless the sender is over the limit), then e-mailed. */
export async function submitContact(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'settings'>,
  log: Logger,
  submission: ContactSubmission,
  senderAddress: string | undefined,
): Promise<SubmitResult> {
  const key = await senderKey(senderAddress);
  const limit = deps.settings.CONTACT_RATE_LIMIT;
  if (limit > 0) {
    try {
      if ((await countRecentBySender(deps.db, key, new Date(Date.now() - RATE_WINDOW_MS))) >= limit) {
        log('warn', 'contact rate limited', { senderKey: key });
        return { kind: 'rate_limited', retryAfterSeconds: RATE_WINDOW_MS / 1000 };
      }
    } catch (err) {
      log('error', 'contact rate check failed', errorFields(err)); // the insert below will tell
    }
  }

  let saved;
  try {
    saved = await insertSubmission(deps.db, { ...submission, senderKey: key });
  } catch (err) {
    log('error', 'contact message not saved', errorFields(err));
    return { kind: 'not_saved' };
  }

  const { status } = await deliver(deps, log, saved);
  return { kind: 'saved', id: saved.id, outcome: status };
}
