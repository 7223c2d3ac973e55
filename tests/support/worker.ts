import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BROWSER_UA } from './html';
import { closedPort } from './loopback';

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

/**
 * Workers Cache's `ctx.cache` stood in (local workerd has none yet): the built Worker runs behind a
 * module that hands it an execution context whose cache.purge records what it was asked, answered
 * as Cloudflare answers ({ success: true }); GET /__purges lists the calls.
 */
const PURGE_STAND_IN = `import worker from './worker.js';
const purges = [];
const withCache = (ctx) => ({
  waitUntil: (work) => ctx.waitUntil(work),
  passThroughOnException: () => ctx.passThroughOnException(),
  props: ctx.props,
  cache: { purge: async (options) => (purges.push(options), { success: true, errors: [] }) },
});
export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === '/__purges') return Response.json(purges);
    return worker.fetch(request, env, withCache(ctx));
  },
  scheduled(controller, env, ctx) {
    return worker.scheduled(controller, env, withCache(ctx));
  },
};
`;

export async function startWorker(bindings: Record<string, string> = {}, opts: { purgeStandIn?: boolean } = {}): Promise<TestWorker> {
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
        CONTACT_MIN_FILL_MS: '0',
        ...bindings,
      },
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
