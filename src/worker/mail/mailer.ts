export interface MailMessage {
  /**
   * Names this one mail for good (e.g. `contact-12-notification`): sent to the provider as metadata,
   * so a sender that cannot know whether an earlier attempt went (its process died mid-send) asks first.
   */
  mailId: string;
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058) on a list-like mail. */
  headers?: Record<string, string>;
  /** A mail to a list (the Digest's posts): Postmark's broadcast stream, kept apart from transactional mail. */
  stream?: 'broadcast';
}

/** Copies of sent mail a mailer keeps on this machine (the outbox): erased with a person, pruned with age (issue 81). */
export interface KeptMail {
  /** Removes every kept mail `about` says is about the person (to, replying to or naming them); how many. */
  erase(about: (message: MailMessage) => boolean): Promise<number>;
  /** Removes (or with `dryRun` counts) the kept mails written before `before`. */
  prune(before: Date, dryRun?: boolean): Promise<number>;
}

/** Sends one e-mail; resolves with the provider's message id, rejects when it was not accepted. */
export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<{ id: string }>;
  /** The provider's id of the mail sent with this mailId (in that stream), or null when none was; rejects when it cannot tell. */
  findSent(mailId: string, stream?: MailMessage['stream']): Promise<{ id: string } | null>;
  /** What it keeps of sent mail on this machine, if anything (the provider's own copies are its to erase). */
  kept?: KeptMail;
}

/** For an edge deployment without a Postmark token: every send fails, so messages stay queued for retry. */
export const unconfiguredMailer: Mailer = {
  kind: 'unconfigured',
  async send() {
    throw new Error('e-mail is not configured (set POSTMARK_SERVER_TOKEN)');
  },
  // Nothing can have gone without a provider.
  findSent: async () => null,
};
