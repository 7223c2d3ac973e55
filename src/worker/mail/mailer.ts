export interface MailMessage {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
}

/** Sends one e-mail; resolves with the provider's message id, rejects when it was not accepted. */
export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<{ id: string }>;
}

/** For an edge deployment without a Postmark token: every send fails, so messages stay queued for retry. */
export const unconfiguredMailer: Mailer = {
  kind: 'unconfigured',
  async send() {
    throw new Error('e-mail is not configured (set POSTMARK_SERVER_TOKEN)');
  },
};
