import { describe, expect, it } from 'vitest';
import {
  findPaymentLink,
  parseSessionId,
  paymentLinkOrigins,
  paymentLinks,
  resolvePaymentLink,
  ukPaymentLinks,
} from '#shared/catalogue/payment-links.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { products } from '#shared/catalogue/products.ts';

const standard = {
  'Rifle Trainer': 'https://pay.example/exact',
  'rifle trainer pro': 'https://pay.example/lower',
  'Knife Drill Kit Deluxe': 'https://pay.example/partial-key',
  Targets: 'https://pay.example/partial-name',
};
const uk = { 'Rifle Trainer': 'https://pay.example/uk-exact' };

describe('payment link resolution: by the name without its emoji, exactly, then ignoring case, then partially; UK visitors try the UK links first', () => {
  it('tries exact, then case-insensitive, then partial in either direction', () => {
    expect(findPaymentLink(standard, '🔫 Rifle Trainer')).toBe('https://pay.example/exact');
    expect(findPaymentLink(standard, 'RIFLE TRAINER PRO')).toBe('https://pay.example/lower');
    // The key contains the name.
    expect(findPaymentLink(standard, 'knife drill kit')).toBe('https://pay.example/partial-key');
    // The name contains the key.
    expect(findPaymentLink(standard, 'Reactive Targets Set')).toBe('https://pay.example/partial-name');
    expect(findPaymentLink(standard, 'Shotgun')).toBeNull();
    expect(findPaymentLink(standard, '🎯')).toBeNull();
  });

  it('prefers an exact match to a case-insensitive one', () => {
    const map = { 'rifle trainer': 'https://pay.example/ci', 'Rifle Trainer': 'https://pay.example/exact' };
    expect(findPaymentLink(map, 'Rifle Trainer')).toBe('https://pay.example/exact');
  });

  it('uses the UK map first for UK visitors, falling back to the standard map', () => {
    const maps = { standard, uk };
    expect(resolvePaymentLink('Rifle Trainer', 'UK', maps)).toBe('https://pay.example/uk-exact');
    expect(resolvePaymentLink('Rifle Trainer', 'EU', maps)).toBe('https://pay.example/exact');
    expect(resolvePaymentLink('Rifle Trainer', 'US', maps)).toBe('https://pay.example/exact');
    expect(resolvePaymentLink('Knife Drill Kit', 'UK', maps)).toBe('https://pay.example/partial-key');
  });

  it('resolves the real maps: UK link where one exists, the standard one otherwise', () => {
    expect(resolvePaymentLink('🔫 G-Series Laser Training Pistol', 'UK')).toBe(ukPaymentLinks['G-Series Laser Training Pistol']);
    expect(resolvePaymentLink('🔫 G-Series Laser Training Pistol', 'EU')).toBe(paymentLinks['G-Series Laser Training Pistol']);
    expect(resolvePaymentLink('🔪 Shock Feedback Training Knife', 'UK')).toBe(paymentLinks['Shock Feedback Training Knife']);
    expect(resolvePaymentLink('blue gun g17', 'US')).toBe(paymentLinks['BLUE GUN G17']);
  });

  it('lists the payment origins for the CSP', () => {
    expect(paymentLinkOrigins()).toEqual(['https://buy.stripe.com']);
  });
});

describe('the payment links', () => {
  it('has a standard payment link for every product, and the two blue-gun links without a product', () => {
    for (const p of products) expect(paymentLinks[plainName(p.name)], p.name).toMatch(/^https:\/\/buy\.stripe\.com\//);
    expect(Object.keys(paymentLinks)).toEqual(expect.arrayContaining(['BLUE GUN 1911', 'BLUE GUN G17']));
    expect(Object.keys(ukPaymentLinks)).toEqual(expect.arrayContaining(['BLUE GUN 1911', 'BLUE GUN G17']));
    const names = new Set(products.map((p) => plainName(p.name)));
    expect(Object.keys(paymentLinks).filter((k) => !names.has(k))).toEqual(['BLUE GUN 1911', 'BLUE GUN G17']);
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
