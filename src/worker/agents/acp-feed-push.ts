import { eq } from 'drizzle-orm';
import { acpProduct } from '#shared/agents/acp-feed.ts';
import { regionOfContext } from '#shared/agents/ucp-catalog.ts';
import { sha256Hex } from '#worker/base/hashing.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import { anyProductsByIds, CATALOGUE_LIMIT, listedProducts } from '#worker/products/product-queries.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { stockView, withStock } from '#worker/stock/stock-reads.ts';
import { acpFeedEntries, acpFeeds } from './agent-tables.ts';

const PUSH_TIMEOUT_MS = 10_000;
/** ACP takes upserts in batches; the shop's catalogue fits in one, bounded all the same. */
const PUSH_BATCH = 100;

export interface FeedPushRun {
  /** Products sent (all of them the first time: the full snapshot). */
  pushed: number;
  /** The feed endpoint refused or could not be reached: the changes are sent again next run. */
  failed: boolean;
}

async function call(settings: Settings, method: 'POST' | 'PATCH', path: string, body: unknown) {
  const res = await fetch(new URL(path, settings.ACP_FEED_URL!.replace(/\/?$/, '/')), {
    method,
    headers: { 'content-type': 'application/json', ...(settings.ACP_FEED_TOKEN && { authorization: `Bearer ${settings.ACP_FEED_TOKEN}` }) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`ACP feed endpoint answered ${res.status} to ${method} ${path}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** The feed the endpoint made for the shop, made once (POST /feeds with the target country) and kept. */
async function feedId(db: Db, settings: Settings): Promise<string> {
  const url = settings.ACP_FEED_URL!;
  const [kept] = await db.select().from(acpFeeds).where(eq(acpFeeds.url, url)).limit(1);
  if (kept) return kept.feedId;
  const made = await call(settings, 'POST', 'feeds', { target_country: settings.ACP_FEED_COUNTRY });
  if (typeof made.id !== 'string') throw new Error('ACP feed endpoint made a feed without an id');
  await db.insert(acpFeeds).values({ url, feedId: made.id }).onConflictDoNothing();
  const [row] = await db.select().from(acpFeeds).where(eq(acpFeeds.url, url)).limit(1);
  return row!.feedId;
}

/**
 * Sends the ACP feed endpoint (ACP_FEED_URL) what changed since it was last told: the first time every
 * listed product (the full snapshot), then each product whose entry changed (a price, the stock's
 * availability, a text; one taken off the shop, as discontinued), as upserts by id (PATCH /feeds/{id}/products). What was sent is kept as a
 * hash per product, written only once the endpoint took it. The scheduled job runs it every minute.
 */
export async function pushAcpFeed(deps: { db: Db; settings: Settings; log: Logger }): Promise<FeedPushRun> {
  const { db, settings } = deps;
  if (!settings.ACP_FEED_URL) return { pushed: 0, failed: false };
  const [rows, counts] = await Promise.all([listedProducts(db), stockCounts(db, 'catalogue')]);
  const region = regionOfContext({ address_country: settings.ACP_FEED_COUNTRY });
  const products = withStock(
    rows.map((r) => r.doc),
    stockView(counts, settings.LOW_STOCK_AT),
  ).map((p) => acpProduct(p, region, settings.SITE_URL));
  const sent = new Map((await db.select().from(acpFeedEntries).limit(CATALOGUE_LIMIT)).map((e) => [e.productId, e.hash]));
  // A product taken off the shop since it was sent stays in the agent's feed (ACP has no delete): it is
  // sent once more as discontinued.
  const listedIds = new Set(rows.map((r) => r.doc.id));
  const gone = [...sent.keys()].filter((id) => !listedIds.has(id));
  const withdrawn = (gone.length > 0 ? await anyProductsByIds(db, gone) : []).map(({ doc }) => {
    const entry = acpProduct({ ...doc, stock: 'Out of Stock', available: 0 }, region, settings.SITE_URL);
    return { ...entry, variants: entry.variants.map((v) => ({ ...v, availability: { available: false, status: 'discontinued' } })) };
  });
  const changed: Array<{ product: (typeof products)[number]; hash: string }> = [];
  for (const product of [...products, ...withdrawn]) {
    const hash = await sha256Hex(JSON.stringify(product), 16);
    if (sent.get(Number(product.id)) !== hash) changed.push({ product, hash });
  }
  if (changed.length === 0) return { pushed: 0, failed: false };
  try {
    const id = await feedId(db, settings);
    for (let i = 0; i < changed.length; i += PUSH_BATCH) {
      const batch = changed.slice(i, i + PUSH_BATCH);
      await call(settings, 'PATCH', `feeds/${encodeURIComponent(id)}/products`, { products: batch.map((c) => c.product) });
      const at = new Date().toISOString();
      for (const c of batch)
        await db
          .insert(acpFeedEntries)
          .values({ productId: Number(c.product.id), hash: c.hash, pushedAt: at })
          .onConflictDoUpdate({ target: acpFeedEntries.productId, set: { hash: c.hash, pushedAt: at } });
    }
  } catch (err) {
    deps.log('warn', 'ACP feed not pushed; tried again next run', { message: err instanceof Error ? err.message : String(err) });
    return { pushed: 0, failed: true };
  }
  deps.log('info', 'ACP feed pushed', { products: changed.length });
  return { pushed: changed.length, failed: false };
}
