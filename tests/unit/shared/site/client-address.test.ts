import { describe, expect, it } from 'vitest';
import { forwardedClientAddress, networkSubject, rateLimitSubject } from '#shared/site/client-address.ts';

describe('forwardedClientAddress', () => {
  it('takes the entry the trusted proxies added, counted from the right, never what the client wrote', () => {
    // The visitor wrote 198.51.100.9; the one trusted proxy appended the real peer 192.0.2.7.
    expect(forwardedClientAddress('198.51.100.9, 192.0.2.7', 1)).toBe('192.0.2.7');
    expect(forwardedClientAddress('198.51.100.9, 192.0.2.7, 203.0.113.1', 2)).toBe('192.0.2.7');
    expect(forwardedClientAddress('192.0.2.7', 1)).toBe('192.0.2.7');
    expect(forwardedClientAddress(' 10.0.0.1 ,, 192.0.2.7 ', 1)).toBe('192.0.2.7');
  });

  it('gives nothing when the header is missing or shorter than the proxy chain', () => {
    expect(forwardedClientAddress(undefined, 1)).toBeUndefined();
    expect(forwardedClientAddress('', 1)).toBeUndefined();
    expect(forwardedClientAddress('192.0.2.7', 2)).toBeUndefined();
    expect(forwardedClientAddress('192.0.2.7', 0)).toBeUndefined();
  });

  it('drops ports and brackets', () => {
    expect(forwardedClientAddress('[2001:db8::1]:443', 1)).toBe('2001:db8::1');
    expect(forwardedClientAddress('198.51.100.7:8080', 1)).toBe('198.51.100.7');
    expect(forwardedClientAddress('2001:db8::1', 1)).toBe('2001:db8::1');
  });
});

describe('rateLimitSubject', () => {
  it('counts IPv4 addresses one by one', () => {
    expect(rateLimitSubject('192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts every address of one IPv6 /48 as one visitor, however it is written: a /56 is not 256 visitors', () => {
    const a = rateLimitSubject('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1::/48');
    expect(rateLimitSubject('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(rateLimitSubject('2001:db8:1:ff00::1')).toBe(a);
    expect(rateLimitSubject('2001:db8:2::1')).not.toBe(a);
    expect(rateLimitSubject('::1')).toBe('0:0:0::/48');
    expect(rateLimitSubject('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address, and leaves what is no address as given', () => {
    expect(rateLimitSubject('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(rateLimitSubject('::ffff:c000:0207')).toBe('192.0.2.7');
    expect(rateLimitSubject('Unknown')).toBe('unknown');
    expect(rateLimitSubject('1:2:3')).toBe('1:2:3');
    expect(rateLimitSubject('1::2::3')).toBe('1::2::3');
  });
});

describe('networkSubject', () => {
  it('puts an IPv4 /24 and an IPv6 /48 together, and a mapped IPv4 in its /24', () => {
    expect(networkSubject('192.0.2.7')).toBe('192.0.2.0/24');
    expect(networkSubject('192.0.2.250')).toBe('192.0.2.0/24');
    expect(networkSubject('192.0.3.7')).toBe('192.0.3.0/24');
    expect(networkSubject('::ffff:192.0.2.7')).toBe('192.0.2.0/24');
    expect(networkSubject('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(networkSubject('proxy.internal')).toBe('proxy.internal');
  });
});
