import { describe, expect, it } from 'vitest';
import { contentDigest, signatureBase, signatureParams, WEBHOOK_COMPONENTS } from '#shared/agents/message-signature.ts';

/** RFC 9421's signature base, as §2.5 lays it out: each component on its line, the parameters last, no trailing newline. */
describe('the signature base', () => {
  it('lays out an order event’s components and parameters as RFC 9421 §2.5 does', () => {
    const request = {
      method: 'post',
      url: 'https://Platform.Example:8443/webhooks/ucp/orders?x=1',
      headers: {
        'Content-Type': 'application/json',
        'ucp-agent': 'profile="https://shop.example/.well-known/ucp"',
        'content-digest': contentDigest('X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE='),
      },
    };
    expect(signatureBase(request, WEBHOOK_COMPONENTS, { created: 1_700_000_000, keyid: 'shop-1' })).toBe(
      [
        '"@method": POST',
        '"@authority": platform.example:8443',
        '"@path": /webhooks/ucp/orders',
        '"ucp-agent": profile="https://shop.example/.well-known/ucp"',
        '"content-digest": sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
        '"content-type": application/json',
        '"@signature-params": ("@method" "@authority" "@path" "ucp-agent" "content-digest" "content-type");created=1700000000;keyid="shop-1"',
      ].join('\n'),
    );
    expect(signatureParams(['@method'], { created: 1, keyid: 'k' })).toBe('("@method");created=1;keyid="k"');
  });

  it('refuses to sign a header the request does not carry', () => {
    expect(() =>
      signatureBase({ method: 'POST', url: 'https://a.example/', headers: {} }, ['content-type'], { created: 1, keyid: 'k' }),
    ).toThrow(/content-type/);
  });
});
