import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BROWSER_UA } from './html';
import { closedPort } from './loopback';
import { signFillToken } from '#worker/contact/fill-token.ts';

const compatibilityDate = readFileSync('wrangler.toml', 'utf8').match(/compatibility_date = "([^"]+)"/)![1]!;

export interface TestWorker {
  /** A request to https://shop.example as a browser would send it (cf sets request.cf). */
  get(path: string, init?: Parameters<Miniflare['dispatchFetch']>[1]): ReturnType<Miniflare['dispatchFetch']>;
  logs(): string;
  dispose(): Promise<void>;
}

/** The built Worker (dist/worker) in workerd with Workers Static Assets, its database unreachable. */
/** The Worker's RATE_LIMIT_SECRET in the tests, so a test can compute the keys it stores. */
export const WORKER_RATE_LIMIT_SECRET = 'edge-test-rate-limit-secret';

/** The Worker's HMAC key for the contact form's fill token (signing or checking one). */
export const workerFillKey = (use: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(WORKER_RATE_LIMIT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, [use]);

/** A fill token as the contact page signs it, from a page rendered 10 s before (a person's pace). */
export const fillTokenOfAPerson = async () => signFillToken(await workerFillKey('sign'), Date.now() - 10_000);

/**
 * Workers Cache stood in (local workerd has none yet) where the Worker puts it: in front of the kept
 * pages' entrypoint. The built Worker runs behind a module whose KeptPages keeps what Cloudflare would
 * keep (a 200 whose Cloudflare-CDN-Cache-Control has a max-age, without Set-Cookie) under the path,
 * query and props, once all of it has streamed through, answers it again with Cf-Cache-Status HIT, and gives the entrypoint a ctx.cache whose
 * purge drops by tag and records the call, answered as Cloudflare answers ({ success: true });
 * GET /__purges lists the calls, GET /__kept what is kept (its key and headers).
 */
const PURGE_STAND_IN = `import worker, { KeptPages as Pages } from './worker.js';
const purges = [];
const kept = new Map();
const cache = {
  purge: async (options) => {
    purges.push(options);
    for (const [key, page] of kept) if (page.tags.some((t) => options.tags.includes(t))) kept.delete(key);
    return { success: true, errors: [] };
  },
};
const answer = (page, status) => new Response(page.body, { status: page.status, headers: [...page.headers, ['cf-cache-status', status]] });
export class KeptPages extends Pages {
  constructor(ctx, env) {
    super({ waitUntil: (w) => ctx.waitUntil(w), passThroughOnException: () => ctx.passThroughOnException(), props: ctx.props, exports: ctx.exports, cache }, env);
  }
  async fetch(request) {
    const url = new URL(request.url);
    const key = url.pathname + url.search + ' ' + JSON.stringify(this.ctx.props);
    if (kept.has(key)) return answer(kept.get(key), 'HIT');
    const res = await super.fetch(request);
    const keep = res.status === 200 && /max-age=[1-9]/.test(res.headers.get('cloudflare-cdn-cache-control') ?? '') && !res.headers.has('set-cookie');
    const page = { status: res.status, headers: [...res.headers], tags: (res.headers.get('cache-tag') ?? '').split(',') };
    if (!keep || !res.body) return answer({ ...page, body: res.body }, 'BYPASS');
    // Streamed to the visitor as it comes, kept once whole (nothing kept of a body that fails).
    const [toVisitor, toKeep] = res.body.tee();
    this.ctx.waitUntil(new Response(toKeep).arrayBuffer().then((body) => void kept.set(key, { ...page, body }), () => undefined));
    return answer({ ...page, body: toVisitor }, 'MISS');
  }
}
export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === '/__purges') return Response.json(purges);
    if (new URL(request.url).pathname === '/__kept') return Response.json([...kept].map(([key, page]) => ({ key, headers: Object.fromEntries(page.headers) })));
    return worker.fetch(request, env, ctx);
  },
  scheduled(controller, env, ctx) {
    return worker.scheduled(controller, env, ctx);
  },
};
`;

/** The contact spool's queue as wrangler.toml declares it (its consumer waits up to `batchTimeoutS` to fill a batch). */
const contactQueue = (batchTimeoutS: number) => ({
  queueProducers: { CONTACT_QUEUE: 'contact-spool' },
  queueConsumers: { 'contact-spool': { maxBatchSize: 10, maxBatchTimeout: batchTimeoutS, maxRetries: 100 } },
});

export async function startWorker(
  bindings: Record<string, string> = {},
  opts: { purgeStandIn?: boolean; contactQueue?: { batchTimeoutS: number } } = {},
): Promise<TestWorker> {
  let logs = '';
  const script = opts.purgeStandIn
    ? {
        modules: [
          { type: 'ESModule' as const, path: resolve('dist/worker/purge-stand-in.mjs'), contents: PURGE_STAND_IN },
          { type: 'ESModule' as const, path: resolve('dist/worker/worker.js') },
        ],
      }
    : { modules: true, scriptPath: 'dist/worker/worker.js' };
  // miniflare 5 (the one wrangler deploys with, on the same workerd) takes a new option shape;
  // its v4 adapter keeps this familiar one.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...script,
      compatibilityDate,
      assets: { directory: 'dist/client', routerConfig: { has_user_worker: true } },
      bindings: {
        SITE_URL: 'https://shop.example',
        TURSO_DATABASE_URL: `http://127.0.0.1:${await closedPort()}`,
        TURSO_AUTH_TOKEN: 'test-token',
        DB_TIMEOUT_MS: '2000',
        RATE_LIMIT_SECRET: WORKER_RATE_LIMIT_SECRET,
        ...bindings,
      },
      ...(opts.contactQueue && contactQueue(opts.contactQueue.batchTimeoutS)),
      // wrangler.toml's photos: an R2 bucket (in memory) and Cloudflare Images (Miniflare's local one, sharp underneath).
      r2Buckets: ['PHOTOS'],
      images: { binding: 'IMAGES' },
      // The Worker's console output (stdout and stderr), one line per call.
      handleStructuredLogs: (log) => (logs += `${log.message}\n`),
    }),
  );
  await mf.ready;
  return {
    get: (path, init = {}) =>
      mf.dispatchFetch(`https://shop.example${path}`, { ...init, headers: { 'User-Agent': BROWSER_UA, ...init.headers } }),
    logs: () => logs,
    dispose: () => mf.dispose(),
  };
}
