import type { ContactSpool, SpooledContact } from '#worker/base/contact-spool-contract.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import { saveSpooled } from './contact-spool.ts';

/** What the Worker needs of a Cloudflare Queue binding (its producer). */
export interface SpoolQueue {
  send(body: SpooledContact): Promise<unknown>;
}

/** One delivered message of the queue, as its consumer gets it. */
export interface SpooledDelivery {
  body: SpooledContact;
  attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** The edge keeps a contact message the database could not take in a Cloudflare Queue (wrangler.toml: CONTACT_QUEUE). */
export const queueSpool = (queue: SpoolQueue): ContactSpool => ({ keep: (message) => queue.send(message).then(() => undefined) });

/** How long a delivery waits before the next try while the database is down: 30 s, doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.min(Math.max(attempts - 1, 0), 7));

/**
 * The queue's consumer: each kept message saved once (its spoolId is unique: a redelivery changes
 * nothing; a form token the database could not check as it came is checked in the same write) and acknowledged; one the database still cannot take is retried later, so nothing is lost
 * while the queue keeps it (its retention period; docs/deploying.md). The saved rows owe their mails
 * like any other: the scheduled job sends them within a minute. How many this batch saved.
 */
export async function saveQueuedContacts(db: Db, log: Logger, messages: readonly SpooledDelivery[]): Promise<number> {
  let saved = 0;
  for (const message of messages) {
    try {
      const outcome = await saveSpooled(db, message.body);
      if (outcome === 'saved') saved++;
      if (outcome === 'token_spent')
        log('warn', 'contact spam dropped', { reason: 'form token used again', spoolId: message.body.spoolId });
      message.ack();
    } catch (err) {
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      log('warn', 'kept contact message not saved yet (retried later)', {
        spoolId: message.body.spoolId,
        attempts: message.attempts,
        ...errorFields(err),
      });
    }
  }
  if (saved > 0) log('info', 'kept contact messages saved', { saved });
  return saved;
}
