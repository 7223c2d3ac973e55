import type { Context } from 'hono';
import { cursorOf, offsetOf, regionOfContext, searchPage, shopItemId, ucpProduct } from '#shared/agents/ucp-catalog.ts';
import { CAPABILITY, ucpEnvelope } from '#shared/agents/ucp-profile.ts';
import { getProductRequestSchema, lookupRequestSchema, searchRequestSchema } from '#shared/agents/ucp-requests.ts';
import { protocolError, type Answer } from '#worker/agents/agent-answers.ts';
import { requireShelf } from '#worker/catalogue/catalogue-reads.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import { answering, bodyOf, catalogueCaller, rateLimited } from './agent-guard.ts';

type C = Context<AppEnv>;

/** The catalogue as a page reads it (the read cache, fresh within a minute; stock with it). */
const shelfOf = (c: C) => requireShelf(pageReads(c));

/** Runs an open catalogue request: rate-limited per agent or network, its body checked. */
function catalogue<S extends Parameters<typeof bodyOf>[1]>(
  schema: S,
  work: (c: C, body: Awaited<ReturnType<typeof bodyOf<S>>> & { ok: true }) => Promise<Answer>,
) {
  return (c: C) =>
    answering(c, async () => {
      const limited = await rateLimited(c, await catalogueCaller(c));
      if (limited) return limited;
      const body = await bodyOf(c, schema);
      return body.ok ? work(c, body) : body.answer;
    });
}

/** POST /ucp/catalog/search: the shop's own search, a bounded page, prices in the buyer's market. */
export const searchCatalog = catalogue(searchRequestSchema, async (c, { value }) => {
  const offset = offsetOf(value.pagination?.cursor);
  if (offset === null) return protocolError(400, 'invalid_request', 'pagination.cursor is not one this shop gave.');
  const shelf = await shelfOf(c);
  const region = regionOfContext(value.context, c.get('region').region);
  const page = searchPage(shelf.products, value.query, { offset, limit: value.pagination?.limit });
  const siteUrl = c.get('deps').settings.SITE_URL;
  return {
    status: 200,
    body: {
      ucp: ucpEnvelope([CAPABILITY.search]),
      products: page.items.map((p) => ucpProduct(p, region, siteUrl)),
      pagination: {
        has_next_page: page.next !== null,
        ...(page.next !== null && { cursor: cursorOf(page.next) }),
        total_count: page.total,
      },
    },
  };
});

/** POST /ucp/catalog/lookup: products by id; an id the shop does not list is named in an info message. */
export const lookupCatalog = catalogue(lookupRequestSchema, async (c, { value }) => {
  const shelf = await shelfOf(c);
  const region = regionOfContext(value.context, c.get('region').region);
  const siteUrl = c.get('deps').settings.SITE_URL;
  const found = value.ids.map((id) => ({ id, product: ((n) => (n === null ? undefined : shelf.byId(n)))(shopItemId(id)) }));
  // Each product once, its one variant naming every request id that resolved to it (UCP's inputs).
  const inputs = new Map<number, Array<{ id: string; match: 'exact' }>>();
  for (const f of found) if (f.product) inputs.set(f.product.id, [...(inputs.get(f.product.id) ?? []), { id: f.id, match: 'exact' }]);
  const products = [...inputs].map(([id, named]) => {
    const product = ucpProduct(shelf.byId(id)!, region, siteUrl);
    return { ...product, variants: product.variants.map((v) => ({ ...v, inputs: named })) };
  });
  return {
    status: 200,
    body: {
      ucp: ucpEnvelope([CAPABILITY.lookup]),
      products,
      messages: found.filter((f) => !f.product).map((f) => ({ type: 'info', code: 'not_found', content: f.id })),
    },
  };
});

/** POST /ucp/catalog/product: one product's detail. */
export const productDetail = catalogue(getProductRequestSchema, async (c, { value }) => {
  const id = shopItemId(value.id);
  const product = id === null ? undefined : (await shelfOf(c)).byId(id);
  if (!product)
    return {
      status: 200,
      body: {
        ucp: ucpEnvelope([CAPABILITY.lookup], { status: 'error' }),
        messages: [{ type: 'error', code: 'not_found', content: `No product ${value.id}.`, severity: 'unrecoverable' }],
      },
    };
  const region = regionOfContext(value.context, c.get('region').region);
  return {
    status: 200,
    body: { ucp: ucpEnvelope([CAPABILITY.lookup]), product: ucpProduct(product, region, c.get('deps').settings.SITE_URL) },
  };
});
