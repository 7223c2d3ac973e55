import { describe, expect, it } from 'vitest';
import { deliveryStatus } from '#worker/mail/delivery-status.ts';

describe('owed mail delivery', () => {
  it('is success when both e-mails went, partial for one, failed for neither', () => {
    expect(deliveryStatus(true, true)).toBe('success');
    expect(deliveryStatus(true, false)).toBe('partial');
    expect(deliveryStatus(false, true)).toBe('partial');
    expect(deliveryStatus(false, false)).toBe('failed');
  });
});
