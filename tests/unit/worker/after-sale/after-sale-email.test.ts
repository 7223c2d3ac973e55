import { describe, expect, it } from 'vitest';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import { returnEmail } from '#worker/after-sale/after-sale-email.ts';

const order = {
  number: 'SP-AAAA-0001',
  currency: 'GBP',
  lines: [{ productId: 1, name: 'G-Series Laser Training Pistol', quantity: 1, unitAmount: 14999 }],
} as unknown as StoredOrder;
const PAY = 'https://shop.example/gb/orders/SP-AAAA-0001/returns/SP-AAAA-0001-R1/pay?token=t';
const request = 'SP-AAAA-0001-R1';

describe('a return’s mails, in the shop’s voice', () => {
  it('says what was asked for as the shop would ("you"), never the form’s first person', () => {
    for (const wants of ['refund', 'credit', 'exchange', 'replace'] as const) {
      const { body } = returnEmail(
        'return_requested',
        order,
        { request, wants, reason: 'changed_mind', lines: [{ productId: 1, quantity: 1 }] },
        PAY,
      );
      expect(body.join('\n')).toMatch(/Reason: you changed your mind\. You asked for /);
      expect(body.join('\n')).not.toMatch(/\bmy\b|\bI\b/);
    }
  });

  it('asks for an exchange’s difference with the link until it is paid, then says it is on its way', () => {
    const waiting = returnEmail('return_received', order, { request, wants: 'exchange', answer: 'waiting', amount: 20500 }, PAY).body;
    expect(waiting).toContain('We send your exchange once the difference is paid.');
    // Its own line, which the HTML part makes the mail's button: what it does and how much.
    expect(waiting).toContain(`Pay the £205.00 difference: ${PAY}`);
    const ready = returnEmail('return_received', order, { request, wants: 'exchange', answer: 'ready', amount: 0 }, PAY).body;
    expect(ready).toContain('Your exchange is paid for: we are sending it now and e-mail you when it leaves us.');
  });

  it('gives store credit with what happens to a rest', () => {
    const body = returnEmail(
      'return_received',
      order,
      { request, wants: 'credit', code: 'CREDIT-X', amount: 16498, basis: 14998 },
      PAY,
    ).body.join('\n');
    expect(body).toContain('Your store credit: £164.98, code CREDIT-X.');
    // How the figure was worked out (issue 66: a credit that is not 110% of the price is explained).
    expect(body).toContain(
      'That is 110% of £149.98: what is left of your payment for the items you sent back, after anything already refunded',
    );
    expect(body).toContain('If your order comes to less, what stays comes back to you as a new code.');
  });
});
