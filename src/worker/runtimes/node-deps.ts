import { orderMailParts } from '#worker/wiring/order-mail-wiring.ts';
import { afterSaleListeners } from '#worker/wiring/after-sale-wiring.ts';
import { createClient } from '@libsql/client';
import { droppingBusyConnections } from '#worker/db/busy-connections.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { createChangeFeed } from '#worker/changes/change-feed.ts';
import { askShopToPurge } from '#worker/changes/shop-purge.ts';
import { nodePageCache, servedWithKeptPages, type NodePageCache } from '#worker/page-cache/node-kept-pages.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, fetchWithTimeout, type Db } from '#worker/db/client.ts';
import { memoryStore } from '#worker/db/read-cache/memory-store.ts';
import { contentGate } from '#worker/posts/content-gate.ts';
import { createReadCache } from '#worker/db/read-cache/read-cache.ts';
import type { AppDeps } from '#worker/middleware/app-context.ts';
import { createLogger } from '#worker/base/log.ts';
import { keptSecret, withKeptSecret } from '#worker/limits/kept-secret.ts';
import { newSigningJwk } from '#worker/agents/signing-key.ts';
import { migrateDatabase } from './migrate-node.ts';
import { createOutboxMailer } from '#worker/mail/outbox-mailer.ts';
import { fileSpool } from '#worker/contact/file-spool.ts';
import { folderPhotos } from '#worker/photos/folder-photos.ts';
import { chooseMailer } from '#worker/mail/choose-mailer.ts';
import { streamingGzip } from '#worker/middleware/streaming-gzip/streaming-gzip-middleware.ts';
import type { Settings } from '#worker/base/settings.ts';
import { cacheControlFor, staticFileHeaders } from '#shared/caching/cache-control.ts';
import { forwardedClientAddress } from '#shared/site/client-address.ts';

/** Serves dist/client with the same headers Workers Static Assets send (public/_headers). */
function staticFiles(root: string): MiddlewareHandler {
  const serve = serveStatic({
    root,
    // The build writes .br and .gz beside each text file (scripts/precompress.mjs).
    precompressed: true,
    onFound: (_path, c) => {
      c.header('Cache-Control', cacheControlFor(c.req.path));
      for (const [name, value] of Object.entries(staticFileHeaders)) c.header(name, value);
    },
  });
  return async (c, next) => {
    // Like Workers Static Assets with public/.assetsignore: build metadata (.vite/) is not public.
    const servable = (c.req.method === 'GET' || c.req.method === 'HEAD') && !c.req.path.includes('/.');
    return servable ? serve(c, next) : next();
  };
}

/** A libSQL file (its folder created when missing) or Turso over HTTP. */
export async function openNodeDatabase(settings: Settings): Promise<Db> {
  const url = settings.TURSO_DATABASE_URL;
  if (url.startsWith('file:')) {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    await mkdir(dirname(resolve(path)), { recursive: true });
  }
  // A second writer on the same file (another process, `npm run contact:retry`, or another of the
  // client's own pooled connections) waits for the lock instead of failing at once with SQLITE_BUSY:
  // `timeout` is set on every connection the client opens (a PRAGMA would reach only one of them).
  const client = createClient({
    url,
    authToken: settings.TURSO_AUTH_TOKEN,
    fetch: fetchWithTimeout(settings.DB_TIMEOUT_MS),
    timeout: settings.DB_TIMEOUT_MS,
  });
  return createDb(droppingBusyConnections(client));
}

/** The process's read cache: at most this many entries and bytes (10,000 guide searches stay inside it). */
export const NODE_READ_CACHE = { maxEntries: 5000, maxBytes: 16 * 1024 * 1024 };

type NodeFetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The app as the Node server runs it: through the page cache in front, the kept pages filled in for
 * each visitor (as the Worker's outer entrypoint does in front of Workers Cache).
 */
export function servedThroughPageCache(deps: NodeDeps, app: { fetch: NodeFetch }): NodeFetch {
  if (!deps.pageCache) return app.fetch;
  const serve = servedWithKeptPages(deps.pageCache, deps);
  return (request, env) => serve(request, async (r) => app.fetch(r, env));
}

/** The app's parts on Node, and the stand-in for the cache Cloudflare puts in front of the Worker (the server serves through it). */
export type NodeDeps = AppDeps & { pageCache?: NodePageCache };

/** The page cache's bounds on Node: pages of about 60 KB, a few thousand of them. */
export const NODE_PAGE_CACHE = { maxEntries: 5000, maxBytes: 128 * 1024 * 1024 };

/**
 * The embedded runtime: libSQL file (or Turso over HTTP), migrated, with the RATE_LIMIT_SECRET it
 * keeps when none is set; Postmark or a local outbox, files from disk.
 * `serves`: the shop itself, with its page cache in front; a command (npm run stock …) has none, and
 * tells the running shop of its changes instead (changes/shop-purge.ts).
 */
export async function createNodeDeps(given: Settings, opts: { clientDir: string; serves?: boolean }): Promise<NodeDeps> {
  const log = createLogger(given.LOG_LEVEL, { runtime: 'node' });
  const db = await openNodeDatabase(given);
  // The schema first: the secret the database keeps lives in it.
  await migrateDatabase(db);
  const settings = await withKeptSecret(given, db);
  // Order events to shopping agents are signed: Node keeps a key it drew, as it keeps the secret.
  settings.UCP_SIGNING_KEY ??= await keptSecret(db, 'UCP_SIGNING_KEY', newSigningJwk);
  const readCache = createReadCache({
    db,
    store: memoryStore(NODE_READ_CACHE),
    gate: contentGate,
    waitMs: settings.DB_TIMEOUT_MS + 1000,
    log,
  });
  const pages = opts.serves === false ? undefined : nodePageCache(NODE_PAGE_CACHE);
  const purge = pages ? async (tags: readonly string[]) => (pages.purge(tags), true) : askShopToPurge(settings.SITE_URL, log);
  return {
    runtime: 'node',
    settings,
    db,
    readCache,
    changes: createChangeFeed({ db, purge, log, readsChanged: readCache.contentChanged }),
    ...(pages && { pageCache: pages }),
    mailer: chooseMailer(settings, (trusted) => createOutboxMailer(resolve(settings.MAIL_OUTBOX_DIR), trusted)),
    contactSpool: fileSpool(resolve(settings.CONTACT_SPOOL_DIR)),
    photos: folderPhotos(resolve(settings.PHOTOS_DIR)),
    gateway: checkoutGatewayFor(settings),
    orderMail: orderMailParts,
    afterSale: afterSaleListeners,
    log,
    countryOf: (request) => request.headers.get('cf-ipcountry'),
    // Behind a proxy every socket is the proxy's, so the operator names the header that carries the
    // visitor; only the entries the trusted hops appended count. Without it, the socket's peer.
    senderAddressOf: (c) => {
      const header = settings.CLIENT_IP_HEADER;
      const forwarded = header ? forwardedClientAddress(c.req.header(header), settings.TRUSTED_PROXY_HOPS) : undefined;
      return forwarded ?? getConnInfo(c).remote.address;
    },
    staticFiles: staticFiles(opts.clientDir),
    compression: streamingGzip(),
  };
}
