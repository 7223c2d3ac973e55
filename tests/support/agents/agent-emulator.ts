import { createServer, type IncomingMessage, type Server } from 'node:http';
import { closeServer, listenOnLoopback, replyJson } from '../loopback';
import { schemaErrors, SCHEMA } from './protocol-schemas';

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

/**
 * The agents' side on 127.0.0.1, as a platform behaves: each agent's UCP profile (GET /agents/<name>/profile,
 * its protocol version settable, an order webhook in its order capability's config), and an ACP feed
 * endpoint (POST /acp/feeds, PATCH /acp/feeds/:id/products checked against ACP's UpsertProductsRequest,
 * GET /acp/feeds/:id/products) that wants its bearer token and can be told to refuse (503).
 */
export async function startAgentEmulator(opts: { feedToken: string }) {
  const state = {
    versions: new Map<string, string>(),
    feedDown: false,
    /** The agents' webhooks answer 500 (a platform having a bad minute). */
    webhooksDown: false,
  };
  /** Each order event delivered to an agent's webhook, as it arrived (the raw body, every header). */
  const events: Array<{ agent: string; path: string; headers: Record<string, string>; body: string }> = [];
  const profileReads: string[] = [];
  const feeds = new Map<string, { target_country: string; products: Map<string, unknown> }>();
  const upserts: Array<{ feed: string; ids: string[]; errors: string[] }> = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const profile = /^\/agents\/([\w-]+)\/profile$/.exec(url.pathname);
      if (profile && req.method === 'GET') {
        const name = profile[1]!;
        profileReads.push(name);
        return replyJson(res, 200, {
          ucp: {
            version: state.versions.get(name) ?? '2026-04-08',
            services: {},
            capabilities: {
              'dev.ucp.shopping.order': [{ version: '2026-04-08', config: { webhook_url: `${base}/agents/${name}/webhooks` } }],
            },
            payment_handlers: {},
          },
        });
      }
      const hook = /^\/agents\/([\w-]+)\/webhooks$/.exec(url.pathname);
      if (hook && req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        if (state.webhooksDown) return replyJson(res, 500, { error: 'try later' });
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        events.push({ agent: hook[1]!, path: url.pathname, headers, body: Buffer.concat(chunks).toString('utf8') });
        return replyJson(res, 200, { ucp: { version: '2026-04-08' } });
      }
      if (url.pathname.startsWith('/acp/')) {
        if (req.headers.authorization !== `Bearer ${opts.feedToken}`)
          return replyJson(res, 401, { type: 'invalid_request', code: 'unauthorized', message: 'bad token' });
        if (state.feedDown) return replyJson(res, 503, { type: 'service_unavailable', code: 'down', message: 'try later' });
        if (url.pathname === '/acp/feeds' && req.method === 'POST') {
          const body = (await bodyOf(req)) as { target_country?: string };
          // As ACP's feed API answers a country that is not ISO 3166-1 alpha-2.
          if (!/^[A-Z]{2}$/.test(body.target_country ?? ''))
            return replyJson(res, 400, {
              type: 'invalid_request',
              code: 'invalid_target_country',
              message: 'target_country must be an ISO 3166-1 alpha-2 code',
              param: 'target_country',
            });
          const id = `feed_${feeds.size + 1}`;
          feeds.set(id, { target_country: body.target_country ?? '', products: new Map() });
          return replyJson(res, 201, { id, target_country: body.target_country, updated_at: new Date().toISOString() });
        }
        const products = /^\/acp\/feeds\/([\w-]+)\/products$/.exec(url.pathname);
        const feed = products && feeds.get(products[1]!);
        if (!feed) return replyJson(res, 404, { type: 'invalid_request', code: 'feed_not_found', message: 'Feed not found', param: 'id' });
        if (req.method === 'PATCH') {
          const body = (await bodyOf(req)) as { products: Array<{ id: string }> };
          const errors = schemaErrors(SCHEMA.acpUpsert, body);
          upserts.push({ feed: products[1]!, ids: body.products.map((p) => p.id), errors });
          if (errors.length > 0)
            return replyJson(res, 400, { type: 'invalid_request', code: 'invalid_product_payload', message: errors[0]! });
          for (const p of body.products) feed.products.set(p.id, p);
          return replyJson(res, 200, { id: products[1], accepted: true });
        }
        return replyJson(res, 200, { products: [...feed.products.values()] });
      }
      return replyJson(res, 404, { error: 'not found' });
    })();
  });
  const base = await listenOnLoopback(server);
  return {
    url: base,
    profileUrl: (name: string) => `${base}/agents/${name}/profile`,
    feedUrl: `${base}/acp`,
    state,
    profileReads,
    feeds,
    upserts,
    events,
    close: () => closeServer(server),
  };
}

export type AgentEmulator = Awaited<ReturnType<typeof startAgentEmulator>>;
