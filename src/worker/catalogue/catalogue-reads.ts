import type { CatalogueProduct, Product } from '#shared/catalogue/types.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import type { ReadCache } from '#worker/db/read-cache/read-cache.ts';
import type { RequestReads } from '#worker/db/read-cache/request-reads.ts';
import { read } from '#worker/db/read-cache/read.ts';
import { CacheShort } from '#worker/db/read-cache/strategy.ts';
import { stockRead, stockView, withStock, type StockView } from '#worker/stock/stock-reads.ts';
import { listedProducts, productsByIds } from '#worker/products/product-queries.ts';
import { lastBuiltCatalogue } from './last-built.ts';

/**
 * The catalogue as pages read it: through the read cache (fresh for a minute; a content:sync makes
 * kept copies outdated at once on the instance that ran it, within a minute elsewhere). Null when the
 * read failed with nothing kept: the page says it could not load, rather than "no such product".
 */
export function catalogueRead(db: Db) {
  return read({
    name: 'catalogue',
    args: [],
    strategy: CacheShort,
    query: listedProducts(db),
    map: (rows): CatalogueProduct[] | null => rows.map((r) => r.doc),
    fallback: null,
  });
}

export function productsRead(db: Db, ids: readonly number[]) {
  const sorted = [...new Set(ids)].toSorted((a, b) => a - b);
  return read({
    name: 'products',
    args: sorted,
    strategy: CacheShort,
    query: productsByIds(db, sorted),
    map: (rows): CatalogueProduct[] | null => rows.map((r) => r.doc),
    fallback: null,
  });
}

/** What a page's reads need: the request's view of the read cache, the database, the Low Stock threshold, the log. */
export interface PageReads {
  db: Db;
  reads: RequestReads;
  lowAt: number;
  log: Logger;
}

/** The listed products with these ids, as a lookup (cached; none found when the read failed with nothing kept): pictures and links beside an order's lines. */
export async function readProducts(r: PageReads, ids: readonly number[]): Promise<(id: number) => CatalogueProduct | undefined> {
  const [found] = ids.length === 0 ? [[]] : await r.reads.all([productsRead(r.db, ids)] as const);
  const byId = new Map((found ?? []).map((p) => [p.id, p]));
  return (id) => byId.get(id);
}

/** Products as a page shows them: each with the label its stock gives now. */
export type ShelfProduct = Product & { available?: number };

export interface Shelf {
  products: ShelfProduct[];
  /** The products are the last-built copy (the database could not be read, nothing was kept): a product missing from it may still exist. */
  lastBuilt: boolean;
  stock: StockView;
  byId(id: number): ShelfProduct | undefined;
}

/** A list page's catalogue could not be read and nothing was kept: the server error page answers. */
export class CatalogueUnavailable extends Error {
  override name = 'CatalogueUnavailable';
}

/**
 * The listed catalogue, or the listed products with these ids, with their stock: both reads in one
 * batch (no round trip warm, one cold). When the products cannot be read and nothing was kept, the
 * catalogue this bundle was built with stands in, its stock unknown and nothing sold; null only when
 * the bundle carries none.
 */
export async function readShelf(r: PageReads, ids?: readonly number[]): Promise<Shelf | null> {
  const { db } = r;
  const [fromDb, counts] = await r.reads.all([ids ? productsRead(db, ids) : catalogueRead(db), stockRead(db, ids ?? 'catalogue')] as const);
  const built = fromDb ? null : lastBuiltCatalogue();
  if (built?.length === 0) return null;
  const found = fromDb ?? built!.filter((p) => !ids || ids.includes(p.id));
  if (built) r.log('warn', 'catalogue served from the last build: the database could not be read and nothing was kept');
  const stock = stockView(counts, r.lowAt, built ? 'Stock unknown' : 'In Stock');
  const shelf = withStock(found, stock);
  const byId = new Map(shelf.map((p) => [p.id, p]));
  return { products: shelf, lastBuilt: built !== null, stock, byId: (id) => byId.get(id) };
}

/** readShelf for a page that cannot show anything without the catalogue (it throws CatalogueUnavailable). */
export async function requireShelf(r: PageReads, ids?: readonly number[]): Promise<Shelf> {
  const shelf = await readShelf(r, ids);
  if (!shelf) throw new CatalogueUnavailable('the catalogue could not be read and no copy was kept');
  return shelf;
}

/**
 * The listed products as known without asking the database (those with these ids, or all): what the
 * read cache keeps of them, however old, else the catalogue this bundle was built with. What a kept
 * page decides its first bytes by (docs/decisions/036); its data is then read as always.
 */
export async function knownListing(
  deps: { db: Db; readCache: ReadCache },
  ids?: readonly number[],
): Promise<Map<number, Pick<CatalogueProduct, 'id' | 'slug'>>> {
  const kept =
    (ids && (await deps.readCache.peek(productsRead(deps.db, ids)))) ??
    (await deps.readCache.peek(catalogueRead(deps.db))) ??
    lastBuiltCatalogue();
  return new Map(kept.filter((p) => !ids || ids.includes(p.id)).map((p) => [p.id, p]));
}
