import type { ContactSubmission } from '#shared/contact/form.ts';
import type { Logger } from './log.ts';

/**
 * A contact message the database could not take (Turso down): kept elsewhere until it can be saved,
 * then saved once, however often it is delivered (its spoolId is unique in form_submissions). The
 * row then owes its mails like any other: the retry job sends them. The Worker keeps it in a
 * Cloudflare Queue (its consumer saves it); Node in files (the scheduled job saves them).
 */
export interface SpooledContact extends ContactSubmission {
  spoolId: string;
  senderKey: string;
  recipientKey: string;
  confirmationWanted: boolean;
  /** When the visitor sent it (the row's creation time: the rate limits count it then). */
  at: string;
  /**
   * The form's token (its key and window, as the one-use check keeps them) when the database could not
   * say whether it was used before: the check is made where the message is saved, in the same write.
   */
  formToken?: { key: string; window: number };
}

/** Where a runtime keeps such messages (AppDeps.contactSpool; without one a message not saved is refused, as before). */
export interface ContactSpool {
  keep(message: SpooledContact): Promise<void>;
  /** Node: saves what it keeps (the scheduled job calls it); the edge's Queue consumer saves instead. */
  drain?(db: unknown, log: Logger): Promise<number>;
  /**
   * Node: removes the kept messages `whose` says are the person's (an erasure: by the message's address,
   * or its text when it cannot be read as a message); how many. The edge's queue cannot be reached into:
   * its consumer checks each message against the erased addresses instead.
   */
  erase?(whose: (email: string | null, text: string) => boolean): Promise<number>;
}
