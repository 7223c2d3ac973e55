import { marketHref, type Market } from '#shared/market/market.ts';
import { NEWSLETTER_NAME, SUBSCRIBE_CONFIRM_HOURS, WELCOME_PERCENT } from '#shared/newsletter/newsletter-rules.ts';
import { articlePath } from '#shared/editorial/posts.ts';
import { newsletterLeavePath } from '#shared/mail/unsubscribe-links.ts';
import { site } from '#shared/site/brand.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { MailMessage } from '#worker/mail/mailer.ts';

type MailSettings = Pick<Settings, 'SITE_URL' | 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL'>;

export interface SubscriberForMail {
  email: string;
  token: string;
  market: string | null;
}

const link = (settings: MailSettings, market: string | null, path: string) =>
  new URL(marketHref(market as Market | null, path), settings.SITE_URL).href;

/** The sign-up's confirm page (a button: mail scanners that follow links confirm nothing). */
export const newsletterConfirmPath = (token: string) => `/newsletter/confirm/${token}`;

/** Every list mail's way out: one click (RFC 8058) from the mail client, or the link in the text. */
function leaving(settings: MailSettings, subscriber: SubscriberForMail) {
  const leave = link(settings, subscriber.market, newsletterLeavePath(subscriber.token));
  return {
    line: `Leave ${NEWSLETTER_NAME} (one click, nothing else changes): ${leave}`,
    headers: { 'List-Unsubscribe': `<${leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The one mail a sign-up gets before it is confirmed: who asked, and that nothing happens without the click. */
export function confirmSubscribeEmail(subscriber: SubscriberForMail, settings: MailSettings, offersCode = true): MailMessage {
  return {
    mailId: `newsletter-${subscriber.token.slice(0, 16)}-confirm`,
    to: subscriber.email,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: settings.CONTACT_TO_EMAIL,
    subject: `Confirm: ${NEWSLETTER_NAME} by e-mail`,
    text: [
      'Hello,',
      '',
      // A mailbox welcomed before is not promised a second code (one per mailbox).
      `Someone (we hope you) asked ${site.brand} to send ${NEWSLETTER_NAME} to this address${offersCode ? `, with a ${WELCOME_PERCENT}% code for a first order` : ''}.`,
      `To confirm, open this link within ${SUBSCRIBE_CONFIRM_HOURS} hours and press Confirm:`,
      link(settings, subscriber.market, newsletterConfirmPath(subscriber.token)),
      '',
      'If it was not you, ignore this e-mail: without the confirmation you will get nothing more from us.',
      '',
      site.brand,
    ].join('\n'),
  };
}

/** The welcome, with the subscriber's single-use code for a first order. */
export function welcomeEmail(subscriber: SubscriberForMail & { code: string }, settings: MailSettings): MailMessage {
  const out = leaving(settings, subscriber);
  return {
    mailId: `newsletter-${subscriber.token.slice(0, 16)}-welcome`,
    to: subscriber.email,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: settings.CONTACT_TO_EMAIL,
    subject: `Welcome to ${NEWSLETTER_NAME}: your ${WELCOME_PERCENT}% code`,
    text: [
      'Hello,',
      '',
      `Thank you for subscribing to ${NEWSLETTER_NAME}: new articles come to this address when they are published.`,
      '',
      `Your code for ${WELCOME_PERCENT}% off your first order: ${subscriber.code}`,
      'Type it at checkout (it works once, on a first order, in any currency):',
      link(settings, subscriber.market, '/products'),
      '',
      out.line,
      '',
      site.brand,
    ].join('\n'),
    headers: out.headers,
  };
}

/** A new post, to one subscriber, through the broadcast stream. */
export function postEmail(
  subscriber: SubscriberForMail & { id: number },
  post: { id: number; slug: string; title: string; excerpt: string | null },
  settings: MailSettings,
): MailMessage {
  const out = leaving(settings, subscriber);
  return {
    mailId: `newsletter-post-${post.id}-${subscriber.id}`,
    to: subscriber.email,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: settings.CONTACT_TO_EMAIL,
    subject: post.title,
    text: [
      `New in ${NEWSLETTER_NAME}: ${post.title}`,
      '',
      ...(post.excerpt ? [post.excerpt, ''] : []),
      'Read it:',
      link(settings, subscriber.market, articlePath(post.slug)),
      '',
      out.line,
      '',
      site.brand,
    ].join('\n'),
    headers: out.headers,
    stream: 'broadcast',
  };
}
