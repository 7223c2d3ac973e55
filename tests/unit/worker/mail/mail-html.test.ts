import { describe, expect, it } from 'vitest';
import { mailHtml } from '#worker/mail/mail-html.tsx';

/** The HTML part every mail gets from its text part (issue 58): the same words, links as buttons, nothing remote. */
const TEXT = [
  'Hello Sam,',
  '',
  'Thank you for your order with StrikePoint Training. Your order number is SP-AB12-CD34.',
  '',
  '  2 × G-Series Laser Training Pistol  £299.98',
  '  Total  £299.98',
  '',
  'Your order page: https://shop.example/orders/SP-AB12-CD34?token=abc',
  'Your invoice: https://shop.example/orders/SP-AB12-CD34/invoice?token=abc',
  'Questions? Write to <support@shop.example> or see https://shop.example/faq',
  '',
  'StrikePoint Training',
].join('\n');

describe('a mail’s HTML part', () => {
  it('carries the text’s words, each "Label: address" line as a button, other addresses as links, the summary as rows, escaped', async () => {
    const html = await mailHtml('Order confirmed: SP-AB12-CD34', TEXT);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/orders\/SP-AB12-CD34\?token=abc"[^>]*>[\s\S]*?Your order page[\s\S]*?<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/orders\/SP-AB12-CD34\/invoice\?token=abc"[^>]*>[\s\S]*?Your invoice/);
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/faq"[^>]*class="mail-link"/);
    expect(html).toContain('&lt;support@shop.example&gt;');
    expect(html).toMatch(/<td>2 × G-Series Laser Training Pistol<\/td><td[^>]*>£299\.98<\/td>/);
    expect(html).toContain('Thank you for your order with StrikePoint Training.');
    // Readable in dark mode, and nothing to fetch from elsewhere.
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).not.toMatch(/<img\b|src="http/);
  });
});
