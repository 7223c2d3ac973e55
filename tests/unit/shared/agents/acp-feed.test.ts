import { describe, expect, it } from 'vitest';
import { acpFeed } from '#shared/agents/acp-feed.ts';
import { schemaErrors, SCHEMA } from '../../../support/agents/protocol-schemas';
import { products } from '../../../support/catalogue';

describe('the ACP product feed', () => {
  it('is valid against ACP’s ProductsResponse for every market, one product per file, priced in the market', () => {
    for (const region of ['UK', 'EU', 'US'] as const) {
      const feed = acpFeed(products, region, 'https://shop.example');
      expect(schemaErrors(SCHEMA.acpProducts, feed)).toEqual([]);
      expect(feed.products).toHaveLength(products.length);
    }
    const pistol = acpFeed(products, 'EU', 'https://shop.example').products.find((p) => p.id === '1')!;
    expect(pistol.variants[0]!.price).toEqual({ amount: 17499, currency: 'EUR' });
    expect(pistol.url).toBe('https://shop.example/eu/product/1/g-series-laser-training-pistol');
  });
});
