import { describe, expect, it } from 'vitest';
import { senderKey } from '#worker/routes/contact/sender-key.ts';

describe('contact rate-limit sender key', () => {
  it('keys senders by a hash that differs per address and never contains it', async () => {
    const a = await senderKey('203.0.113.7');
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).toBe(await senderKey('203.0.113.7'));
    expect(a).not.toBe(await senderKey('203.0.113.8'));
  });
});
