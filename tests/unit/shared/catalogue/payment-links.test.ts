import { describe, expect, it } from 'vitest';
import {
  isPaymentLink,
  parseSessionId,
  PAYMENT_LINK_ORIGINS,
  productPaymentLinks,
  resolvePaymentLink,
} from '#shared/catalogue/payment-links.ts';
import { productById, products } from '../../../support/catalogue';

const links = { standard: 'https://buy.stripe.com/test_standard', uk: 'https://buy.stripe.com/test_uk' };

describe("payment links: each product's file names its standard link and, for some, a UK one", () => {
  it('gives UK visitors the UK link first and falls back to the standard one; everyone else the standard one', () => {
    expect(resolvePaymentLink(links, 'UK')).toBe(links.uk);
    expect(resolvePaymentLink(links, 'EU')).toBe(links.standard);
    expect(resolvePaymentLink(links, 'US')).toBe(links.standard);
    expect(resolvePaymentLink({ ...links, uk: null }, 'UK')).toBe(links.standard);
    expect(resolvePaymentLink({ standard: null, uk: null }, 'UK')).toBeNull();
  });

  it('resolves the real catalogue: a UK link where the product has one, the standard one otherwise', () => {
    const pistol = productById(1)!;
    const knife = productById(11)!;
    expect(resolvePaymentLink(pistol.payment_links, 'UK')).toBe(pistol.payment_links.uk);
    expect(resolvePaymentLink(knife.payment_links, 'UK')).toBe(knife.payment_links.standard);
    for (const p of products) expect(isPaymentLink(p.payment_links.standard!), p.name).toBe(true);
  });

  it('lists every link that sells a product once (all stop when it sells out)', () => {
    expect(productPaymentLinks(links)).toEqual([links.standard, links.uk]);
    expect(productPaymentLinks({ standard: links.standard, uk: links.standard })).toEqual([links.standard]);
    expect(productPaymentLinks({ standard: links.standard, uk: null })).toEqual([links.standard]);
  });

  it('accepts only https addresses with a path on the allowed origins (the CSP allows the same)', () => {
    expect(PAYMENT_LINK_ORIGINS).toEqual(['https://buy.stripe.com']);
    expect(isPaymentLink('https://buy.stripe.com/test_abc')).toBe(true);
    for (const bad of [
      'http://buy.stripe.com/test_abc',
      'https://buy.stripe.com/',
      'https://evil.example/test_abc',
      'buy.stripe.com/x',
      'javascript:alert(1)',
      '',
    ])
      expect(isPaymentLink(bad), bad).toBe(false);
  });
});

describe('thank-you session id', () => {
  it("accepts Stripe's shape only: cs_test_ or cs_live_ and a token", () => {
    expect(parseSessionId('cs_test_a1B2c3')).toBe('cs_test_a1B2c3');
    expect(parseSessionId(' cs_live_b1Xy9 ')).toBe('cs_live_b1Xy9');
    for (const bad of [
      '',
      '  ',
      '<script>',
      'a b',
      'abc',
      'cs_live-9',
      'cs_prod_1',
      'cs_test_',
      `cs_test_${'x'.repeat(201)}`,
      null,
      undefined,
    ])
      expect(parseSessionId(bad)).toBeNull();
  });
});
