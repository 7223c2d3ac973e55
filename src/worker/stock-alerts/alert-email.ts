import { alertUnsubscribePath } from '#shared/mail/unsubscribe-links.ts';
import { marketHref, type Market } from '#shared/market/market.ts';
import { plainName, productPath } from '#shared/catalogue/product.ts';
import { CONFIRM_VALID_HOURS } from '#shared/stock-alerts/alert-rules.ts';
import { site } from '#shared/site/brand.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { MailMessage } from '#worker/mail/mailer.ts';

type MailSettings = Pick<Settings, 'SITE_URL' | 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL'>;

export interface AlertForMail {
  email: string;
  token: string;
  market: string | null;
}

const link = (settings: MailSettings, market: string | null, path: string) =>
  new URL(marketHref(market as Market | null, path), settings.SITE_URL).href;

/** The request's confirm page (a button: mail scanners that follow links confirm nothing). */
export const confirmPath = (token: string) => `/stock-alerts/confirm/${token}`;

/**
 * The one mail a new request gets: the link that confirms it. It goes to whatever address was typed,
 * so it says who asked for what and that nothing happens without the click.
 */
export function confirmAlertEmail(alert: AlertForMail, product: { id: number; name: string }, settings: MailSettings): MailMessage {
  const name = plainName(product.name);
  return {
    mailId: `stock-alert-${alert.token.slice(0, 16)}-confirm`,
    to: alert.email,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: settings.CONTACT_TO_EMAIL,
    subject: `Confirm: e-mail me when ${name} is back`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked ${site.brand} to e-mail this address once ${name} is back in stock.`,
      `To confirm, open this link within ${CONFIRM_VALID_HOURS} hours and press Confirm:`,
      link(settings, alert.market, confirmPath(alert.token)),
      '',
      'If it was not you, ignore this e-mail: without the confirmation you will get nothing more from us.',
      '',
      site.brand,
    ].join('\n'),
  };
}

/** The back-in-stock notice: the product in the shopper's market, and one-click unsubscribe (RFC 8058). */
export function backInStockEmail(alert: AlertForMail, product: { id: number; name: string }, settings: MailSettings): MailMessage {
  const name = plainName(product.name);
  const unsubscribe = link(settings, alert.market, alertUnsubscribePath(alert.token));
  return {
    mailId: `stock-alert-${alert.token.slice(0, 16)}-back`,
    to: alert.email,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: settings.CONTACT_TO_EMAIL,
    subject: `${name} is back in stock`,
    text: [
      'Hello,',
      '',
      `${name} is back in stock at ${site.brand}. Units are limited and not held for anyone:`,
      link(settings, alert.market, productPath(product)),
      '',
      'This was the one e-mail you asked for: your request is now closed.',
      `Not interested any more? ${unsubscribe}`,
      '',
      site.brand,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
