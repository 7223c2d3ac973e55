import { describe, expect, it } from 'vitest';
import { networkKey, recipientKey, senderKey } from '#worker/limits/sender-key.ts';

const secret = 'a-secret-of-sixteen-or-more';

describe('contact rate-limit keys', () => {
  it('keys senders by an HMAC that differs per address and per secret and never contains the address', async () => {
    const a = await senderKey(secret, '203.0.113.7');
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).toBe(await senderKey(secret, '203.0.113.7'));
    expect(a).not.toBe(await senderKey(secret, '203.0.113.8'));
    expect(a).not.toBe(await senderKey('another-secret-of-sixteen', '203.0.113.7'));
    // Not the unkeyed SHA-256 the table held before (reversible for IPv4 by trying every address).
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('contact:203.0.113.7'));
    expect(a).not.toBe(Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join(''));
  });

  it('counts one IPv6 /48 as one sender', async () => {
    expect(await senderKey(secret, '2001:db8:1:2::1')).toBe(await senderKey(secret, '2001:db8:1:ff:ffff::9'));
    expect(await senderKey(secret, '2001:db8:1:2::1')).not.toBe(await senderKey(secret, '2001:db8:2:2::1'));
  });

  it('keys a network (IPv4 /24, IPv6 /48) apart from its addresses', async () => {
    expect(await networkKey(secret, '198.51.100.7')).toBe(await networkKey(secret, '198.51.100.200'));
    expect(await networkKey(secret, '198.51.100.7')).not.toBe(await networkKey(secret, '198.51.101.7'));
    expect(await networkKey(secret, '198.51.100.7')).not.toBe(await senderKey(secret, '198.51.100.7'));
  });

  it('without a secret uses one random key for the whole process', async () => {
    expect(await senderKey(undefined, '203.0.113.7')).toBe(await senderKey(undefined, '203.0.113.7'));
    expect(await senderKey(undefined, '203.0.113.7')).not.toBe(await senderKey(secret, '203.0.113.7'));
  });

  it('keys recipients by their normalised address, apart from senders', async () => {
    expect(await recipientKey(secret, 'V.ictim+1@gmail.com')).toBe(await recipientKey(secret, 'victim@googlemail.com'));
    expect(await recipientKey(secret, 'victim@gmail.com')).not.toBe(await recipientKey(secret, 'other@gmail.com'));
  });
});
