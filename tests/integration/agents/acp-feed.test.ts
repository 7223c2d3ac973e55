import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushAcpFeed } from '#worker/agents/acp-feed-push.ts';
import { eq } from 'drizzle-orm';
import { listedProducts } from '#worker/products/product-queries.ts';
import { products } from '#worker/products/product-tables.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { startAgentEmulator, type AgentEmulator } from '../../support/agents/agent-emulator';
import { schemaErrors, SCHEMA } from '../../support/agents/protocol-schemas';
import { keptLog, startTestApp, type TestApp } from '../../support/test-app';

/**
 * The catalogue as an ACP 2026-04-17 product feed: served at /feeds/acp.json (valid against ACP's own
 * schema, every listed product, a market's currency), and pushed to an agent's feed endpoint (the
 * emulation checks each upsert against ACP's schema): the whole catalogue once, then only what changed.
 */
let t: TestApp;
let agents: AgentEmulator;
const kept = keptLog();

beforeAll(async () => {
  agents = await startAgentEmulator({ feedToken: 'feed-token-of-the-shop' });
  t = await startTestApp({
    env: {
      SITE_URL: 'https://shop.example',
      ACP_FEED_URL: agents.feedUrl,
      ACP_FEED_TOKEN: 'feed-token-of-the-shop',
      ACP_FEED_COUNTRY: 'GB',
    },
    log: kept.log,
  });
  await setStock(t.deps.db, 1, 12, null);
});
afterAll(async () => {
  await t.close();
  await agents.close();
});

const push = () => pushAcpFeed({ db: t.deps.db, settings: t.deps.settings, log: kept.log });

describe('/feeds/acp.json', () => {
  it('is a ProductsResponse valid against ACP’s schema, carrying every listed product in the market asked for', async () => {
    const res = await fetch(`${t.url}/feeds/acp.json`);
    expect(res.status).toBe(200);
    const feed = (await res.json()) as { products: Array<{ id: string; variants: Array<Record<string, any>> }> };
    expect(schemaErrors(SCHEMA.acpProducts, feed)).toEqual([]);
    const listed = await listedProducts(t.deps.db);
    expect(feed.products.map((p) => p.id).toSorted()).toEqual(listed.map((r) => String(r.doc.id)).toSorted());
    const pistol = feed.products.find((p) => p.id === '1')!.variants[0]!;
    expect(pistol.price).toEqual({ amount: 14999, currency: 'GBP' });
    expect(pistol.availability).toEqual({ available: true, status: 'in_stock' });
    const us = (await (await fetch(`${t.url}/feeds/acp.json?country=US`)).json()) as typeof feed;
    expect(us.products.find((p) => p.id === '1')!.variants[0]!.price).toEqual({ amount: 18999, currency: 'USD' });
    expect(JSON.stringify(feed)).not.toMatch(/@|\+44/);
    expect((await fetch(`${t.url}/feeds/acp.json?country=Britain`)).status).toBe(400);
  });
});

describe('the push to an agent’s feed endpoint', () => {
  it('sends the whole catalogue once, then only a product whose stock changed, and again after the endpoint refused', async () => {
    const listed = await listedProducts(t.deps.db);
    expect(await push()).toEqual({ pushed: listed.length, failed: false });
    expect(agents.feeds.size).toBe(1);
    const [feed] = [...agents.feeds.values()];
    expect(feed!.target_country).toBe('GB');
    expect(feed!.products.size).toBe(listed.length);
    expect(agents.upserts.every((u) => u.errors.length === 0)).toBe(true);
    expect(await push()).toEqual({ pushed: 0, failed: false });
    await setStock(t.deps.db, 1, 0, null);
    agents.state.feedDown = true;
    expect(await push()).toEqual({ pushed: 0, failed: true });
    agents.state.feedDown = false;
    expect(await push()).toEqual({ pushed: 1, failed: false });
    expect(agents.upserts.at(-1)!.ids).toEqual(['1']);
    expect((feed!.products.get('1') as { variants: Array<{ availability: unknown }> }).variants[0]!.availability).toEqual({
      available: false,
      status: 'out_of_stock',
    });
    expect(agents.feeds.size).toBe(1);
    // A product taken off the shop is sent once more, as discontinued (ACP's feed has no delete).
    await t.deps.db.update(products).set({ listed: false }).where(eq(products.id, 3));
    expect(await push()).toEqual({ pushed: 1, failed: false });
    expect((feed!.products.get('3') as { variants: Array<{ availability: unknown }> }).variants[0]!.availability).toEqual({
      available: false,
      status: 'discontinued',
    });
    expect(await push()).toEqual({ pushed: 0, failed: false });
  });
});
