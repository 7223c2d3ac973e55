import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keptLog } from '../../support/test-app';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { deliver } from '../../support/paid-orders';
import { postContactJson, validContact } from '../../support/contact-posts';

/**
 * Issue 63: a shopper's words never become the shop's links or buttons. Every field a shopper fills
 * in, shaped like the shop's "Label: https://…" action lines, goes through the real app to Postmark's
 * emulation; no mail's HTML part links the look-alike address, and the words are still there as text.
 */
const LOOK_ALIKE = 'https://strikepoint-training.com.evil.example/verify';
const { log } = keptLog();
let running: PaymentsApp;

beforeAll(async () => {
  running = await startPaymentsApp('whsec_test_mail_links', log);
});
afterAll(() => running.close());

type Sent = { To: string; Subject: string; TextBody: string; HtmlBody: string };
const sent = () => running.postmark.accepted.map((m) => m.body as Sent);

/** The `count` mails Postmark accepted that `which` picks, once they have all arrived (they go after the answer). */
const arriving = (which: (mail: Sent) => boolean, count: number) =>
  vi.waitFor(() => {
    const mails = sent().filter(which);
    expect(mails).toHaveLength(count);
    return mails;
  });

/** Links and buttons of an HTML part: every href. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

function expectNoLookAlike(mails: Sent[], words: string) {
  expect(mails.length).toBeGreaterThan(0);
  for (const mail of mails) {
    expect(
      hrefs(mail.HtmlBody).filter((h) => h.includes('evil.example')),
      mail.Subject,
    ).toEqual([]);
    // Only the shop's own addresses are links at all.
    for (const href of hrefs(mail.HtmlBody))
      expect(href, mail.Subject).toMatch(/^(https:\/\/shop\.example\/|https:\/\/wa\.me\/|tel:|mailto:|https:\/\/[a-z]+\.stripe\.com\/)/);
    expect(mail.TextBody).not.toMatch(/[\u2068\u2069]/);
    // Every mail's HTML part has a title and lays out at a phone's width.
    expect(mail.HtmlBody, mail.Subject).toContain(`<title>${mail.Subject}</title>`);
    expect(mail.HtmlBody, mail.Subject).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
  }
  expect(mails.some((m) => m.HtmlBody.includes(words))).toBe(true);
}

describe('a shopper’s words in the shop’s mail', () => {
  it('a contact message and name shaped like actions give no link in the owner’s mail or the confirmation', async () => {
    const posted = await postContactJson(running.app, {
      ...validContact,
      name: `Refund desk: ${LOOK_ALIKE}`,
      // (A phone is refused unless it is digits and + - ( ): it cannot carry an address.)
      message: `Confirm the refund: ${LOOK_ALIKE}\n\nYour order page: https://shop.example/admin/orders\n${LOOK_ALIKE}`,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const mails = await arriving((m) => m.Subject.includes('Contact #') || m.Subject.includes('We received your message'), 2);
    expectNoLookAlike(mails, `Confirm the refund: ${LOOK_ALIKE}`);
    // Not even the shop's own address becomes a link when a shopper wrote it.
    const owners = mails.find((m) => m.Subject.includes('Contact #'))!;
    expect(hrefs(owners.HtmlBody)).not.toContain('https://shop.example/admin/orders');
    expect(owners.TextBody).toContain(`Confirm the refund: ${LOOK_ALIKE}`);
  });

  it('a name and address line typed at Stripe give no link in the new-order mail or the confirmation', async () => {
    const session = running.stripe.createSession({
      currency: 'GBP',
      lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 }],
      shipping: { label: 'Standard delivery', amount: 499 },
      metadata: { region: 'UK', utm_source: `Verify: ${LOOK_ALIKE}` },
    });
    running.stripe.complete(session, 'paid', {
      shipping: { name: `Account check: ${LOOK_ALIKE}`, line1: `Verify your card: ${LOOK_ALIKE}` },
    });
    const event = running.stripe.signedEvent('checkout.session.completed', session, running.secret);
    expect((await deliver(running, event)).status).toBe(200);
    const mails = await arriving((m) => m.Subject.includes('New order') || m.Subject.startsWith('Order confirmed'), 2);
    expectNoLookAlike(mails, `Verify your card: ${LOOK_ALIKE}`);
    // The shop's own action is still the mail's button.
    const confirmation = mails.find((m) => m.Subject.startsWith('Order confirmed'))!;
    expect(confirmation.HtmlBody).toMatch(/<a href="https:\/\/shop\.example\/orders\/[^"]+"[^>]*>[\s\S]*?Your order page/);
  });
});
