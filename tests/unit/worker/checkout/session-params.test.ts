import { describe, expect, it } from 'vitest';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { productById } from '../../../support/catalogue';
import { shippingChoices } from '#shared/cart/shipping.ts';
import { checkoutSessionParams } from '#worker/checkout/session-params.ts';

function params(region: 'UK' | 'EU' | 'US', lines: Array<{ id: number; quantity: number }>) {
  const items = cartProducts(lines, productById);
  const currency = ({ UK: 'GBP', EU: 'EUR', US: 'USD' } as const)[region];
  return checkoutSessionParams({
    cart: priceCart(items, currency),
    region,
    siteUrl: 'https://shop.example',
    campaign: { utm_source: 'news', utm_campaign: 'x'.repeat(600) },
    buyer: 'ab'.repeat(32),
    network: 'cd'.repeat(32),
    hold: { reservation: 'cart-checkout-0123', expiresAt: 1_900_000_000 },
    promotionCode: null,
    tax: false,
    duties: { US: 'about 10% of the order’s value', ROW: 'set by the country' },
  });
}

describe('checkoutSessionParams', () => {
  it('says on the payment page, beside the address, what a US parcel may owe in import duties; nothing for the UK or the EU', () => {
    expect(params('US', [{ id: 1, quantity: 1 }]).shippingMessage).toMatch(
      /^Import duties and taxes may be due on delivery to the United States \(our estimate: about 10% of the order’s value\)\./,
    );
    expect(params('UK', [{ id: 1, quantity: 1 }]).shippingMessage).toBeNull();
    expect(params('EU', [{ id: 1, quantity: 1 }]).shippingMessage).toBeNull();
  });

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

  it('carries the region, the buyer and network hashes, the cart and the campaign (cut to 500 characters) in metadata', () => {
    const p = params('EU', [{ id: 2, quantity: 2 }]);
    expect(p.metadata.region).toBe('EU');
    expect(p.metadata.buyer).toBe('ab'.repeat(32));
    expect(p.metadata.network).toBe('cd'.repeat(32));
    expect(p.metadata.cart).toBe('2:2');
    expect(p.metadata.reservation).toBe('cart-checkout-0123');
    expect(p.expiresAt).toBe(1_900_000_000);
    expect(p.metadata.utm_source).toBe('news');
    expect(p.metadata.utm_campaign).toHaveLength(500);
  });

  // Product 4 is £86.99: one is under the £150 free-shipping threshold, two are over it.
  it.each([
    ['UK', 1, [499, 999]],
    ['UK', 2, [0, 999]],
    ['EU', 1, [1199, 2399]],
    ['EU', 2, [0, 2399]],
    ['US', 1, [1899, 3199]],
    ['US', 2, [0, 3199]],
  ] as const)('charges %s shipping for %i item(s) in the cart currency, both options: %j', (region, quantity, amounts) => {
    const p = params(region, [{ id: 4, quantity }]);
    expect(p.shipping.map((s) => s.amount)).toEqual(amounts);
    expect(p.shipping.map((s) => s.label)).toEqual([quantity === 2 ? 'Standard delivery (free)' : 'Standard delivery', 'Express delivery']);
  });

  it('offers the same shipping figures as /cart shows, in every region', () => {
    for (const region of ['UK', 'EU', 'US'] as const) {
      const currency = ({ UK: 'GBP', EU: 'EUR', US: 'USD' } as const)[region];
      const subtotal = priceCart(cartProducts([{ id: 4, quantity: 1 }], productById), currency).subtotal;
      const shown = shippingChoices(region, subtotal, currency).map((c) => c.amounts[currency]);
      expect(params(region, [{ id: 4, quantity: 1 }]).shipping.map((s) => s.amount)).toEqual(shown);
      expect(shown.every((amount) => amount > 0)).toBe(true);
    }
  });
});
