import { describe, expect, it } from 'vitest';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { checkoutSessionParams } from '#worker/payments/session-params.ts';

function params(region: 'UK' | 'EU' | 'US', lines: Array<{ id: number; quantity: number }>) {
  const items = cartProducts(lines);
  const currency = ({ UK: 'GBP', EU: 'EUR', US: 'USD' } as const)[region];
  return checkoutSessionParams({
    cart: priceCart(items, currency),
    gbpSubtotal: priceCart(items, 'GBP').subtotal,
    region,
    siteUrl: 'https://shop.example',
    campaign: { utm_source: 'news', utm_campaign: 'x'.repeat(600) },
  });
}

describe('checkoutSessionParams', () => {
  it('has one line per cart line with the plain name, absolute image and unit amount in minor units', () => {
    const p = params('US', [
      { id: 1, quantity: 2 },
      { id: 3, quantity: 1 },
    ]);
    expect(p.currency).toBe('USD');
    expect(p.lines).toEqual([
      {
        productId: 1,
        name: 'G-Series Laser Training Pistol',
        image: 'https://shop.example/images/products/1-main.svg',
        quantity: 2,
        unitAmount: 18999,
      },
      {
        productId: 3,
        name: 'Reactive Laser Target System',
        image: 'https://shop.example/images/products/3-main.svg',
        quantity: 1,
        unitAmount: 24999,
      },
    ]);
    expect(p.successUrl).toBe('https://shop.example/thank-you?session_id={CHECKOUT_SESSION_ID}');
    expect(p.cancelUrl).toBe('https://shop.example/cart');
    expect(p.shipToCountries).toEqual(['US']);
  });

  it('carries the region, the cart and the campaign (cut to 500 characters) in metadata', () => {
    const p = params('EU', [{ id: 2, quantity: 2 }]);
    expect(p.metadata.region).toBe('EU');
    expect(p.metadata.cart).toBe('2:2');
    expect(p.metadata.utm_source).toBe('news');
    expect(p.metadata.utm_campaign).toHaveLength(500);
  });

  it('offers the policy shipping that has a figure in the session currency', () => {
    // UK, under £150: standard £4.99 and express £9.99.
    expect(params('UK', [{ id: 4, quantity: 1 }]).shipping).toEqual([
      { label: 'Standard delivery', amount: 499, days: { min: 3, max: 5 } },
      { label: 'Express delivery', amount: 999, days: { min: 1, max: 2 } },
    ]);
    // UK, over £150: standard is free.
    expect(params('UK', [{ id: 4, quantity: 2 }]).shipping.map((s) => s.amount)).toEqual([0, 999]);
    // US, over £150: free standard only (the policy gives express in GBP, not USD).
    expect(params('US', [{ id: 4, quantity: 2 }]).shipping).toEqual([
      { label: 'Standard delivery (free)', amount: 0, days: { min: 7, max: 10 } },
    ]);
  });
});
