import { orderMailParts } from '#worker/wiring/order-mail-wiring.ts';
import { afterSaleListeners } from '#worker/wiring/after-sale-wiring.ts';
import type {
  ExecutionContext,
  Request as WorkerRequest,
  Response as WorkerResponse,
  ScheduledController,
} from '@cloudflare/workers-types';
import { WorkerEntrypoint } from 'cloudflare:workers';
import { KEPT_PAGE_HEADER } from '#shared/caching/kept-routes.ts';
import { servedAtTheEdge, type EdgeFront } from '#worker/page-cache/edge-kept-pages.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { createClient } from '@libsql/client/web';
import { createApp, type App } from '#worker/app.tsx';
import { createDb, fetchWithTimeout } from '#worker/db/client.ts';
import { cacheApiStore } from '#worker/db/read-cache/cache-api-store.ts';
import { contentGate } from '#worker/posts/content-gate.ts';
import { createReadCache } from '#worker/db/read-cache/read-cache.ts';
import type { AppDeps } from '#worker/middleware/app-context.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { createChangeFeed } from '#worker/changes/change-feed.ts';
import { workersCachePurge, type PurgeResult, type WorkersCache } from '#worker/changes/workers-cache-purge.ts';
import { databasePurgeSlot, purgeWindowMs } from '#worker/changes/purge-pacing.ts';
import { createLogger } from '#worker/base/log.ts';
import { unconfiguredMailer } from '#worker/mail/mailer.ts';
import { chooseMailer } from '#worker/mail/choose-mailer.ts';
import { parseSettings, SettingsError } from '#worker/base/settings.ts';
import { queueSpool, saveQueuedContacts, type SpooledDelivery, type SpoolQueue } from '#worker/contact/queue-spool.ts';
import { cloudflarePhotos, type ImagesService, type PhotoBucket } from '#worker/photos/cloudflare-photos.ts';

/**
 * The bindings wrangler.toml declares (Env: worker-configuration.d.ts, `npm run cf-typegen`), plus any
 * other variable set in the dashboard; src/worker/base/settings.ts validates them all.
 */
type WorkerEnv = Env & {
  /** wrangler.toml's queue for contact messages the database could not take (optional: without it they are refused as before). */
  CONTACT_QUEUE?: SpoolQueue;
  /** wrangler.toml's R2 bucket and Images binding for the owner's photos (without them uploads are refused, saying so). */
  PHOTOS?: PhotoBucket;
  IMAGES?: ImagesService;
} & Record<string, unknown>;

/** More calls than an isolate ever has in flight (workerd limits each request's connections itself). */
const LIBSQL_NO_QUEUE = 100_000;

/** Built once per isolate (env is fixed for its lifetime). */
let cached: { env: WorkerEnv; deps: AppDeps; app: App } | undefined;

function runtimeFor(env: WorkerEnv) {
  if (cached?.env === env) return cached;
  const settings = parseSettings(env, 'edge');
  const client = createClient({
    url: settings.TURSO_DATABASE_URL,
    authToken: settings.TURSO_AUTH_TOKEN,
    fetch: fetchWithTimeout(settings.DB_TIMEOUT_MS),
    // The client queues calls past `concurrency` (default 20) until an earlier one settles. The client is
    // shared by the isolate's requests, so a queued call would wait on another request's I/O, which
    // workerd cancels as a hung request (500). Each call is its own fetch: nothing to queue.
    concurrency: LIBSQL_NO_QUEUE,
  });
  const db = createDb(client);
  const log = createLogger(settings.LOG_LEVEL, { runtime: 'edge' });
  if (!settings.RATE_LIMIT_SECRET)
    log('error', 'RATE_LIMIT_SECRET is not set: every isolate counts its own limits; /healthz answers 503 until it is');
  const readCache = createReadCache({
    db,
    store: cacheApiStore((caches as unknown as { default: Cache }).default, settings.SITE_URL),
    gate: contentGate,
    waitMs: settings.DB_TIMEOUT_MS + 1000,
    log,
  });
  // Workers Cache is purged through the execution context of the request (or scheduled run) that made
  // the change, at most CACHE_PURGES_PER_MINUTE times a minute across isolates (Cloudflare's limit).
  const windowMs = purgeWindowMs(settings.CACHE_PURGES_PER_MINUTE);
  const claim = databasePurgeSlot(db, 'workers-cache', windowMs);
  const changesIn = (executionCtx: unknown) =>
    createChangeFeed({
      db,
      purge: workersCachePurge(executionCtx, log),
      log,
      readsChanged: readCache.contentChanged,
      // Without a context nothing is purged here (the scheduled job does it), so nothing to pace.
      pacing: executionCtx ? { claim, windowMs, defer: (work) => (executionCtx as ExecutionContext).waitUntil(work) } : undefined,
    });
  const deps: AppDeps = {
    runtime: 'edge',
    settings,
    db,
    // Per data centre, shared by its isolates (nothing is kept on *.workers.dev addresses).
    readCache,
    // Outside a request (none here: every caller has one) a change is recorded for the scheduled job to purge.
    changes: changesIn(undefined),
    changesIn,
    mailer: chooseMailer(settings, () => unconfiguredMailer),
    gateway: checkoutGatewayFor(settings),
    orderMail: orderMailParts,
    afterSale: afterSaleListeners,
    log,
    countryOf: (request) => (request as { cf?: { country?: string } }).cf?.country,
    senderAddressOf: (c) => c.req.header('cf-connecting-ip'),
    contactSpool: env.CONTACT_QUEUE ? queueSpool(env.CONTACT_QUEUE) : undefined,
    photos: env.PHOTOS && env.IMAGES ? cloudflarePhotos(env.PHOTOS, env.IMAGES) : undefined,
  };
  cached = { env, deps, app: createApp(deps) };
  return cached;
}

function misconfigured(err: SettingsError): Response {
  console.error(JSON.stringify({ level: 'error', msg: 'invalid settings', problems: err.problems }));
  return new Response('The shop is not configured correctly. The operator has been notified in the logs.', {
    status: 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** What the outer entrypoint hands the kept pages' one: the key it keeps a page under besides the address (Workers Cache keys on props). */
type KeptPagesProps = { key: string };

/** The loopback stubs of this Worker's entrypoints (ctx.exports). */
type Exports = { KeptPages: ((opts: { props: KeptPagesProps }) => { fetch(request: Request): Promise<Response> }) & KeptPages };

/**
 * The kept pages' entrypoint: Workers Cache stands in front of it (wrangler.toml: exports), keyed by
 * the address and the props. It renders a page for nobody in particular: the request carries no cookie
 * and the region as the props say (the outer entrypoint built it).
 */
export class KeptPages extends WorkerEntrypoint<WorkerEnv, KeptPagesProps> {
  override async fetch(request: WorkerRequest): Promise<WorkerResponse> {
    // The runtime's own Request and Response are the ones the app takes and gives; only their type names differ.
    return (await this.#page(request as unknown as Request)) as unknown as WorkerResponse;
  }

  async #page(request: Request): Promise<Response> {
    try {
      const headers = new Headers(request.headers);
      headers.set(KEPT_PAGE_HEADER, this.ctx.props.key);
      return await runtimeFor(this.env).app.fetch(new Request(request, { headers }), this.env, this.ctx);
    } catch (err) {
      if (err instanceof SettingsError) return misconfigured(err);
      throw err;
    }
  }

  /** Purges the kept pages by tag: a purge reaches only the cache of the entrypoint that asks (changes/workers-cache-purge.ts). */
  async purge(options: { tags: string[] }): Promise<PurgeResult | null> {
    const { cache } = this.ctx as { cache?: WorkersCache };
    return cache ? cache.purge(options) : null;
  }
}

/** The outer entrypoint: runs on every request (its answers are not kept), fills kept pages in for the visitor (page-cache/edge-kept-pages.ts). */
export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
    try {
      const { app, deps } = runtimeFor(env);
      const exports = (ctx as unknown as { exports: Exports }).exports;
      return await servedAtTheEdge(request, {
        keptPages: (key) => exports.KeptPages({ props: { key } }),
        rewriter: () => new HTMLRewriter() as unknown as ReturnType<EdgeFront['rewriter']>,
        app: async (r) => app.fetch(r, env, ctx),
        countryOf: deps.countryOf,
        settings: deps.settings,
      });
    } catch (err) {
      if (err instanceof SettingsError) return misconfigured(err);
      throw err;
    }
  },
  /** The contact spool's consumer (wrangler.toml: queues.consumers): saves what the database could not take. */
  async queue(batch: { messages: readonly SpooledDelivery[] }, env: WorkerEnv): Promise<void> {
    const { deps } = runtimeFor(env);
    await saveQueuedContacts(deps.db, deps.log, batch.messages);
  },
  async scheduled(controller: ScheduledController, env: WorkerEnv, ctx: ExecutionContext): Promise<void> {
    const { deps } = runtimeFor(env);
    // The trigger's own minute (a late start still counts as the minute it was due).
    ctx.waitUntil(runScheduledJobs({ ...deps, changes: deps.changesIn!(ctx) }, new Date(controller.scheduledTime)));
  },
};
