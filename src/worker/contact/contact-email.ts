import { confirmationGreeting } from '#worker/mail/greeting.ts';
import { quoted } from '#worker/mail/quoted-text.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { MailMessage } from '#worker/mail/mailer.ts';

/** A saved contact message as the e-mails quote it. */
export interface SavedSubmission {
  id: number;
  /** When it was saved: with the id, it names the message's mails (mailIdOf). */
  createdAt: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

/**
 * The id a message's mail carries to Postmark (its metadata; the retry path searches by it): the row
 * id alone would repeat in a restored database or a preview sharing the Postmark server, where a
 * search would then find an older message's mail and never send this one.
 */
const mailIdOf = (submission: SavedSubmission, which: string) =>
  `contact-${submission.id}-${submission.createdAt.replace(/\D/g, '')}-${which}`;

/** The e-mail the shop's support inbox receives for a contact submission; replies go to the visitor. */
export function contactEmail(
  submission: SavedSubmission,
  settings: Pick<Settings, 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL'>,
): MailMessage {
  return {
    mailId: mailIdOf(submission, 'notification'),
    to: settings.CONTACT_TO_EMAIL,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: submission.email,
    subject: `[Contact #${submission.id}] ${submission.subject}`,
    text: [
      // The visitor's words, quoted: the HTML part shows them as text, never as a link or a button.
      `Name: ${quoted(submission.name)}`,
      `Email: ${quoted(submission.email)}`,
      `Phone: ${submission.phone === null ? '(not given)' : quoted(submission.phone)}`,
      `Subject: ${quoted(submission.subject)}`,
      '',
      quoted(submission.message),
    ].join('\n'),
  };
}

/**
 * The visitor's confirmation. It goes to whatever address was posted, so it repeats no free text
 * that could carry a link: not the message, and the name only when nothing in it looks like a link
 * (confirmationGreeting). The subject is one of the form's fixed choices.
 */
export function contactConfirmationEmail(
  submission: SavedSubmission,
  settings: Pick<Settings, 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL'>,
): MailMessage {
  return {
    mailId: mailIdOf(submission, 'confirmation'),
    to: submission.email,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: settings.CONTACT_TO_EMAIL,
    subject: `We received your message (#${submission.id})`,
    text: [
      confirmationGreeting(submission.name),
      '',
      `Thank you for contacting ${site.brand} about "${submission.subject}". Your reference is #${submission.id}.`,
      `${shopInfo.replyPromise}: our team answers on working days.`,
      `If it is urgent, call ${shopInfo.phone} or message us on WhatsApp: ${shopInfo.whatsappUrl}`,
      '',
      site.brand,
    ].join('\n'),
  };
}
