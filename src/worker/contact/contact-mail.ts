import { formSubmissions } from '#worker/contact/contact-tables.ts';
import type { OwedMailKind } from '#worker/mail/send-owed.ts';
import { contactConfirmationEmail, contactEmail } from './contact-email.ts';

/** A contact message owes the shop's inbox its copy and the visitor a confirmation (unless over the recipient limit). */
export const contactMail: OwedMailKind<typeof formSubmissions> = {
  name: 'contact',
  table: formSubmissions,
  async mails(deps, submission) {
    return { notification: contactEmail(submission, deps.settings), confirmation: contactConfirmationEmail(submission, deps.settings) };
  },
};
