import type { Settings } from '../settings';
import type { MailMessage } from './mailer';

export interface ContactFields {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

/** The e-mail the shop's support inbox receives for a contact submission; replies go to the visitor. */
export function contactEmail(submission: ContactFields, settings: Pick<Settings, 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL'>): MailMessage {
  return {
    to: settings.CONTACT_TO_EMAIL,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: submission.email,
    subject: `[Contact #${submission.id}] ${submission.subject}`,
    text: [
      `Name: ${submission.name}`,
      `Email: ${submission.email}`,
      `Phone: ${submission.phone ?? '(not given)'}`,
      `Subject: ${submission.subject}`,
      '',
      submission.message,
    ].join('\n'),
  };
}
