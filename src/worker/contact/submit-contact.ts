import type { ContactOutcome, ContactSubmission } from '#shared/contact/form.ts';
import { emailLeaseMs } from '#worker/mail/owed-mail.ts';
import { countRecentBySender, countRecentConfirmations, insertSubmission } from './submissions.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { sendOwedMail, type MailDeps } from '#worker/mail/send-owed.ts';
import { contactMail } from './contact-mail.ts';
import { screenContact, type ScreenInput } from './screen-contact.ts';
import { recipientKey, senderKey } from '#worker/limits/sender-key.ts';
import type { ContactSpool, SpooledContact } from '#worker/base/contact-spool-contract.ts';

const RATE_WINDOW_MS = 10 * 60 * 1000;
const RECIPIENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The visitor waits at most this long for the first send; the rest is left to the sending in the background and the job. */
export const SEND_BUDGET_MS = 2000;

export type SubmitResult =
  | { kind: 'saved'; id: number; outcome: ContactOutcome }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'not_saved' }
  /** Turnstile said the visitor is not a person: asked to confirm and send again. */
  | { kind: 'challenge_failed' };

export interface SubmitContext extends ScreenInput {
  /** The visitor's network address (senderAddressOf). */
  senderAddress: string | undefined;
  /** Keeps a send going after the answer (the Worker's waitUntil; Node keeps running anyway). */
  keepAlive: (work: Promise<unknown>) => void;
}

/**
 * The message is saved first (unless the sender is over the limit), then e-mailed. A bot caught by
 * screenContact (the honeypot, a form sent too fast) is answered as if sent, and nothing is saved or
 * mailed (the log counts it); one Turnstile turned down is asked to try again. A recipient
 * already confirmed CONTACT_RECIPIENT_LIMIT times in 24 hours gets no further confirmation: the form
 * must not become a way to mail-bomb someone's address.
 */
/**
 * The database could not take the message: kept where the runtime keeps such messages (contactSpool:
 * saved, and mailed, once the database answers), the visitor told it is saved and that the mail
 * follows ("Message Saved"); with nowhere to keep it, refused as not saved.
 */
async function keep(deps: { contactSpool?: ContactSpool }, log: Logger, message: SpooledContact): Promise<SubmitResult> {
  if (!deps.contactSpool) return { kind: 'not_saved' };
  try {
    await deps.contactSpool.keep(message);
    log('warn', 'contact message kept until the database answers', { spoolId: message.spoolId });
    return { kind: 'saved', id: 0, outcome: 'failed' };
  } catch (err) {
    log('error', 'contact message not kept', errorFields(err));
    return { kind: 'not_saved' };
  }
}

export async function submitContact(
  deps: MailDeps & { contactSpool?: ContactSpool },
  log: Logger,
  submission: ContactSubmission,
  context: SubmitContext,
): Promise<SubmitResult> {
  const { settings } = deps;
  const screened = await screenContact(settings, deps.db, log, context);
  if (screened.verdict === 'drop') return { kind: 'saved', id: 0, outcome: 'success' };
  if (screened.verdict === 'refuse') return { kind: 'challenge_failed' };
  const key = await senderKey(settings.RATE_LIMIT_SECRET, context.senderAddress);
  const recipient = await recipientKey(settings.RATE_LIMIT_SECRET, submission.email);
  const kept = (confirmationWanted: boolean, formToken?: SpooledContact['formToken']) =>
    keep(deps, log, {
      ...submission,
      spoolId: crypto.randomUUID(),
      senderKey: key,
      recipientKey: recipient,
      confirmationWanted,
      at: new Date().toISOString(),
      ...(formToken && { formToken }),
    });
  // The database could not say whether the form's token served before: kept with it, checked where it is saved.
  // Its confirmation waits for the save like any kept message's; the recipient's limit is not counted (when in doubt, mail only the shop).
  if (screened.verdict === 'keep') return kept(false, screened.formToken);
  const limit = settings.CONTACT_RATE_LIMIT;
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
  let confirmationWanted = true;
  if (settings.CONTACT_RECIPIENT_LIMIT > 0) {
    try {
      const sent = await countRecentConfirmations(deps.db, recipient, new Date(Date.now() - RECIPIENT_WINDOW_MS));
      confirmationWanted = sent < settings.CONTACT_RECIPIENT_LIMIT;
      if (!confirmationWanted) log('warn', 'contact confirmation withheld', { recipientKey: recipient, reason: 'recipient limit' });
    } catch (err) {
      confirmationWanted = false; // when in doubt, mail only the shop
      log('error', 'contact recipient check failed', errorFields(err));
    }
  }

  let saved;
  try {
    saved = await insertSubmission(deps.db, {
      ...submission,
      senderKey: key,
      recipientKey: recipient,
      confirmationWanted,
      leaseUntil: new Date(Date.now() + emailLeaseMs(settings.MAIL_TIMEOUT_MS, settings.DB_TIMEOUT_MS)),
    });
  } catch (err) {
    log('error', 'contact message not saved', errorFields(err));
    return kept(confirmationWanted);
  }

  // The row is safe now; the visitor waits for the first send only up to the budget. A send still
  // running then finishes in the background (and records itself); if it fails, the job retries.
  const sending = sendOwedMail(contactMail, deps, log, saved).catch((err: unknown) => {
    log('error', 'contact delivery failed', { submissionId: saved.id, ...errorFields(err) });
    return { notified: false, status: 'failed' as const };
  });
  context.keepAlive(sending);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SEND_BUDGET_MS)));
  const finished = await Promise.race([sending, budget]);
  clearTimeout(timer);
  if (!finished) log('info', 'contact e-mail still sending', { submissionId: saved.id, budgetMs: SEND_BUDGET_MS });
  // Still sending: saved, and the mail follows; "partially sent" tells the visitor an answer may take a little longer.
  return { kind: 'saved', id: saved.id, outcome: finished?.status ?? 'partial' };
}
