import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedProducts } from '#worker/products/product-queries.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { startAgentEmulator, type AgentEmulator } from '../../support/agents/agent-emulator';
import { schemaErrors, SCHEMA } from '../../support/agents/protocol-schemas';
import { agentsEnv, testAgents, ucp } from '../../support/agents/ucp-client';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The shop as a shopping agent finds it (UCP 2026-04-08): the business profile, the catalogue's search,
 * lookup and product detail, each answer checked against UCP's own published schemas.
 */
let t: TestApp;
let agents: AgentEmulator;

beforeAll(async () => {
  agents = await startAgentEmulator({ feedToken: 'feed-token' });
  // Served through the page cache, as npm start serves it.
  t = await startTestApp({ env: { SITE_URL: 'https://shop.example', UCP_AGENTS: agentsEnv(testAgents(agents)) }, pageCache: true });
  await setStock(t.deps.db, 1, 12, null);
  await setStock(t.deps.db, 2, 0, null);
});
afterAll(async () => {
  await t.close();
  await agents.close();
});

describe('the business profile', () => {
  it('answers /.well-known/ucp with its version, the REST endpoint, the capabilities and its payment handler, kept as a page', async () => {
    const res = await fetch(`${t.url}/.well-known/ucp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const kept = await fetch(`${t.url}/.well-known/ucp`);
    expect(kept.headers.get('cf-cache-status')).toBe('HIT');
    // Nothing of one request in what every agent is given: no nonce, no cookie.
    expect(kept.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(kept.headers.get('set-cookie')).toBeNull();
    const profile = (await res.json()) as { ucp: Record<string, any> };
    expect(schemaErrors(SCHEMA.businessProfile, profile)).toEqual([]);
    expect(profile.ucp.version).toBe('2026-04-08');
    expect(profile.ucp.services['dev.ucp.shopping'][0]).toMatchObject({ transport: 'rest', endpoint: 'https://shop.example/ucp' });
    expect(Object.keys(profile.ucp.capabilities).toSorted()).toEqual([
      'dev.ucp.shopping.catalog.lookup',
      'dev.ucp.shopping.catalog.search',
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.discount',
      'dev.ucp.shopping.fulfillment',
      'dev.ucp.shopping.order',
    ]);
    const [handlerName] = Object.keys(profile.ucp.payment_handlers);
    expect(handlerName).toBe('example.shop.hosted_checkout');
    expect((await fetch(profile.ucp.payment_handlers[handlerName!][0].spec.replace('https://shop.example', t.url))).status).toBe(200);
  });
});

describe('the catalogue', () => {
  it('finds the G-Series for "laser pistol" at 14999 GBP for a GB buyer and in USD for a US one', async () => {
    const gb = await ucp(t.url, '/catalog/search', { body: { query: 'laser pistol', context: { address_country: 'GB' } } });
    expect(gb.status).toBe(200);
    expect(schemaErrors(SCHEMA.search, gb.json)).toEqual([]);
    const pistol = gb.json.products.find((p: { id: string }) => p.id === '1');
    expect(pistol.title).toBe('G-Series Laser Training Pistol');
    expect(pistol.price_range.min).toEqual({ amount: 14999, currency: 'GBP' });
    expect(pistol.url).toBe('https://shop.example/gb/product/1/g-series-laser-training-pistol');
    const us = await ucp(t.url, '/catalog/search', { body: { query: 'pistol laser', context: { address_country: 'US' } } });
    expect(us.json.products.find((p: { id: string }) => p.id === '1').price_range.min).toEqual({ amount: 18999, currency: 'USD' });
  });

  it('forgives a typo and finds by a word the text does not have', async () => {
    const typo = await ucp(t.url, '/catalog/search', { body: { query: 'pistl', context: { address_country: 'GB' } } });
    expect(typo.json.products.map((p: { id: string }) => p.id)).toContain('1');
    const synonym = await ucp(t.url, '/catalog/search', { body: { query: 'handgun' } });
    expect(synonym.json.products.map((p: { id: string }) => p.id)).toContain('1');
  });

  it('pages the whole catalogue by cursor, each page bounded', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await ucp(t.url, '/catalog/search', { body: { query: '', pagination: { limit: 5, ...(cursor && { cursor }) } } });
      expect(schemaErrors(SCHEMA.search, res.json)).toEqual([]);
      expect(res.json.products.length).toBeLessThanOrEqual(5);
      seen.push(...res.json.products.map((p: { id: string }) => p.id));
      if (!res.json.pagination.has_next_page) break;
      cursor = res.json.pagination.cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await listedProducts(t.deps.db)).length);
    // A limit beyond the shop's page is clamped, not refused (shared/agents/ucp-catalog.ts, tested with more products).
    expect((await ucp(t.url, '/catalog/search', { body: { query: '', pagination: { limit: 10_000 } } })).status).toBe(200);
  });

  it('looks products up by id with their availability from the stock, and names an id it does not sell', async () => {
    const res = await ucp(t.url, '/catalog/lookup', { body: { ids: ['1', 'SP-1', '2', '999'], context: { address_country: 'GB' } } });
    expect(res.status).toBe(200);
    expect(schemaErrors(SCHEMA.lookup, res.json)).toEqual([]);
    const byId = new Map(res.json.products.map((p: { id: string }) => [p.id, p]));
    expect((byId.get('1') as any).variants[0].availability).toEqual({ available: true, status: 'in_stock' });
    expect((byId.get('2') as any).variants[0].availability).toEqual({ available: false, status: 'out_of_stock' });
    expect(res.json.products).toHaveLength(2);
    expect((byId.get('1') as any).variants[0].inputs).toEqual([
      { id: '1', match: 'exact' },
      { id: 'SP-1', match: 'exact' },
    ]);
    expect(res.json.messages).toEqual([{ type: 'info', code: 'not_found', content: '999' }]);
    const detail = await ucp(t.url, '/catalog/product', { body: { id: '1', context: { address_country: 'DE' } } });
    expect(schemaErrors(SCHEMA.product, detail.json)).toEqual([]);
    expect(detail.json.product.price_range.min.currency).toBe('EUR');
  });

  it('answers a malformed body with a 400 naming the field, never a 5xx', async () => {
    for (const [body, field] of [
      [{ ids: [] }, 'ids'],
      [{ ids: 'one' }, 'ids'],
      [{ ids: ['1'], context: { address_country: 'Great Britain' } }, 'context.address_country'],
    ] as const) {
      const res = await ucp(t.url, '/catalog/lookup', { body });
      expect(res.status).toBe(400);
      expect(res.json.content).toContain(field);
    }
    expect((await ucp(t.url, '/catalog/search', { raw: '{"query":' })).status).toBe(400);
    expect((await ucp(t.url, '/catalog/search', { body: { query: 'x', pagination: { cursor: 'not-ours' } } })).status).toBe(400);
    expect((await ucp(t.url, '/nowhere', { body: {} })).status).toBe(404);
  });

  it('answers 429 with Retry-After past UCP_RATE_LIMIT a minute, counted per network for the open catalogue', async () => {
    const strict = await startTestApp({ env: { UCP_RATE_LIMIT: '2' } });
    try {
      const ask = () => ucp(strict.url, '/catalog/search', { body: { query: 'pistol' } });
      expect([(await ask()).status, (await ask()).status]).toEqual([200, 200]);
      const refused = await ask();
      expect(refused).toMatchObject({ status: 429, json: { code: 'rate_limited' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await fetch(`${strict.url}/feeds/acp.json`)).status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
