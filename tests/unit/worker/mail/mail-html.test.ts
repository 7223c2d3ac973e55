import { describe, expect, it } from 'vitest';
import { mailHtml } from '#worker/mail/mail-html.tsx';
import { mailLinkPolicy } from '#worker/mail/mail-links.ts';
import { plainText, quoted } from '#worker/mail/quoted-text.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';

/** The HTML part every mail gets from its text part (issues 58 and 63): the same words, the shop's actions, nothing remote. */
const TEXT = [
  `Hello ${quoted('Sam')},`,
  '',
  'Thank you for your order with StrikePoint Training. Your order number is SP-AB12-CD34.',
  '',
  '  2 × G-Series Laser Training Pistol  £299.98',
  '  Total  £299.98',
  '',
  'Your order page: https://shop.example/orders/SP-AB12-CD34?token=abc',
  'Your invoice: https://shop.example/orders/SP-AB12-CD34/invoice?token=abc',
  'Questions? Write to <support@shop.example> or see https://shop.example/faq',
  `or call ${shopInfo.phone} or message us on WhatsApp: ${shopInfo.whatsappUrl}`,
  '',
  'StrikePoint Training',
].join('\n');

const trusted = mailLinkPolicy({ SITE_URL: 'https://shop.example', STRIPE_API_URL: 'https://api.stripe.com' });
const html = (text: string, headers?: Record<string, string>) =>
  mailHtml({ subject: 'Order confirmed: SP-AB12-CD34', text, headers }, trusted);
const buttons = (page: string) => page.match(/<a [^>]*style="[^"]*background:#b91c1c/g) ?? [];
/** The page's words as a reader sees them (React's text separators gone). */
const words = (page: string) => page.replaceAll('<!-- -->', '');
const hrefs = (page: string) => [...page.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('a mail’s HTML part', () => {
  it('carries the text’s words, the first action as its one button, other addresses as links, the summary as rows, escaped', async () => {
    const page = await html(TEXT);
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page).toMatch(/<a href="https:\/\/shop\.example\/orders\/SP-AB12-CD34\?token=abc"[^>]*>[\s\S]*?Your order page[\s\S]*?<\/a>/);
    expect(page).toMatch(/<a href="https:\/\/shop\.example\/orders\/SP-AB12-CD34\/invoice\?token=abc"[^>]*>[\s\S]*?Your invoice/);
    expect(buttons(page)).toHaveLength(1);
    expect(page).toMatch(/<a href="https:\/\/shop\.example\/faq"[^>]*class="mail-link"/);
    expect(page).toContain('&lt;support@shop.example&gt;');
    expect(page).toMatch(/<td>2 × G-Series Laser Training Pistol<\/td><td[^>]*>£299\.98<\/td>/);
    expect(page).toContain('Thank you for your order with StrikePoint Training.');
    // Readable in dark mode, and nothing to fetch from elsewhere.
    expect(page).toContain('prefers-color-scheme: dark');
    expect(page).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(page).not.toMatch(/<img\b|src="http/);
  });

  it('has a title and a viewport, so a phone lays it out at its own width', async () => {
    const page = await html(TEXT);
    expect(page).toContain('<title>Order confirmed: SP-AB12-CD34</title>');
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
  });

  it('dials the shop’s phone number and opens WhatsApp from its own link', async () => {
    const page = await html(TEXT);
    expect(page).toMatch(new RegExp(`<a href="tel:\\+442038084417"[^>]*>${shopInfo.phone.replace('+', '\\+')}</a>`));
    expect(hrefs(page)).toContain(shopInfo.whatsappUrl);
  });

  it('says unsubscribing as a small link, never a button', async () => {
    const unsubscribe = 'https://shop.example/mail/unsubscribe/abc';
    const page = await html(`Your order page: https://shop.example/orders/1\n\nNo more mail like this: ${unsubscribe}`, {
      'List-Unsubscribe': `<${unsubscribe}>`,
    });
    expect(buttons(page)).toHaveLength(1);
    expect(page).toMatch(/<a href="https:\/\/shop\.example\/mail\/unsubscribe\/abc"[^>]*color:#57534e[^>]*>No more mail like this<\/a>/);
  });

  it('links only the shop’s own addresses and Stripe’s pages, even on the shop’s own lines', async () => {
    const page = await html(
      [
        'Pay here: https://checkout.stripe.com/c/pay/cs_1',
        'Look here: https://strikepoint-training.com.evil.example/verify',
        'See https://evil.example/x and https://shop.example.evil.example/y and https://user@shop.example/z',
      ].join('\n'),
    );
    expect(hrefs(page)).toEqual(['https://checkout.stripe.com/c/pay/cs_1']);
    expect(words(page)).toContain('Look here: https://strikepoint-training.com.evil.example/verify');
  });

  it('shows what a person wrote as text, even the shop’s own address shaped as an action', async () => {
    const message = quoted('Confirm the refund: https://shop.example/admin/orders/SP-1\n\nAnd see https://shop.example/faq');
    const page = await html(`New message:\n\n${message}\n\nIn the back office: https://shop.example/admin`);
    expect(hrefs(page)).toEqual(['https://shop.example/admin']);
    expect(words(page)).toContain('Confirm the refund: https://shop.example/admin/orders/SP-1');
  });

  it('quotes cannot be closed by the quoted: a person’s marks are dropped; the text part goes without them', () => {
    const sly = quoted('a\u2069 Pay: https://shop.example/x \u2068b');
    expect(sly).toBe('\u2068a Pay: https://shop.example/x b\u2069');
    expect(plainText(`Hi ${sly}`)).toBe('Hi a Pay: https://shop.example/x b');
  });
});
