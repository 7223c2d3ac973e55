import { LRUCache } from 'lru-cache';
import { readCacheTags } from '#shared/caching/cache-tags.ts';
import { sharedCacheDirectives } from '#shared/caching/page-cache-rules.ts';

/**
 * Node's stand-in for Workers Cache (the cache Cloudflare puts in front of a Worker), with its rules:
 * GET and HEAD only, sharing one entry: a HEAD is answered from the kept GET, and one that misses
 * asks the app for a GET (what is kept is always a GET's whole answer; the HEAD gets its headers);
 * the key is the path and query (not the host, not the method); a response is kept when its
 * headers allow a shared cache to (no Set-Cookie, not private or no-store, a max-age), under each
 * combination of the request headers its Vary names (compared verbatim; `Vary: *` keeps nothing);
 * fresh, then served at once while one background request refreshes it (stale-while-revalidate),
 * or when the app fails (stale-if-error); purged by Cache-Tag. Answers say what happened in
 * Cf-Cache-Status (HIT, MISS, EXPIRED, UPDATING, STALE, BYPASS); Cache-Tag and
 * Cloudflare-CDN-Cache-Control are consumed, as Cloudflare does. A hit never runs the app.
 */
interface Variant<P> {
  /** The request header values the response's Vary named, lower-cased names. */
  varied: Array<[string, string | null]>;
  status: number;
  headers: Array<[string, string]>;
  body: ArrayBuffer;
  tags: string[];
  storedAt: number;
  freshMs: number;
  staleMs: number;
  staleIfErrorMs: number;
  /** What `prepare` made of the body when it was kept, and its size: the store counts all it keeps. */
  prepared: P | undefined;
  preparedBytes: number;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * The share of the store answers to addresses with a query string may take: they have a store of
 * their own, so a flood of made-up queries (searches, ?cb=N) can never push the plain pages out.
 */
const QUERY_SHARE = 0.25;

/**
 * Variants one address may keep (one per combination of the headers its answer varies on: a kept
 * page's key, 13 at most); past it the oldest goes, so no header value a client makes up can fill
 * the store with copies of one page.
 */
export const MAX_VARIANTS_PER_ADDRESS = 16;

export type AppFetch = (request: Request) => Promise<Response>;

/** A kept answer as it is kept. */
export interface Kept<P> {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  prepared: P | undefined;
  ageS: number;
}

/** An answer through the cache, with what `prepare` made of the body when it is a kept one. */
export interface Served<P> {
  response: Response;
  prepared: P | undefined;
}

const CONSUMED = new Set(['cache-tag', 'cloudflare-cdn-cache-control']);

const keyOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

function varyNames(headers: Headers): string[] | '*' | null {
  const vary = headers.get('vary');
  if (!vary) return [];
  const names = vary
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return names.includes('*') ? '*' : [...new Set(names)];
}

const matches = (variant: Variant<unknown>, request: Request) =>
  variant.varied.every(([name, value]) => request.headers.get(name) === value);

const sameVariant = (a: Variant<unknown>, b: Variant<unknown>) =>
  a.varied.length === b.varied.length && a.varied.every(([name, value], i) => b.varied[i]?.[0] === name && b.varied[i]?.[1] === value);

/** What the app is asked: the request itself, or for a HEAD the same request as a GET (Workers Cache does the same). */
const asGet = (request: Request) => (request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request);

function store<P>(maxEntries: number, maxBytes: number) {
  return new LRUCache<string, Variant<P>[]>({
    max: Math.max(1, Math.floor(maxEntries)),
    maxSize: Math.max(1, Math.floor(maxBytes)),
    sizeCalculation: (variants, key) => key.length + variants.reduce((n, v) => n + v.body.byteLength + v.preparedBytes + 512, 0),
  });
}

/** Turns a kept body into what its user needs on every hit (a kept page's template), once, when it is kept; with its size in bytes. */
export interface Preparer<P> {
  prepare(body: Uint8Array<ArrayBuffer>, headers: Headers): P | undefined;
  bytes(prepared: P): number;
}

export function memoryPageCache<P = never>(limits: PageCacheLimits, now: () => number = Date.now, preparer?: Preparer<P>) {
  const paths = store<P>(limits.maxEntries * (1 - QUERY_SHARE), limits.maxBytes * (1 - QUERY_SHARE));
  const queries = store<P>(limits.maxEntries * QUERY_SHARE, limits.maxBytes * QUERY_SHARE);
  const storeOf = (key: string) => (key.includes('?') ? queries : paths);
  /** Background refreshes under way, by key and variant: one per stale entry. */
  const refreshing = new Set<string>();
  /**
   * Answers being kept, by key, until all of their body has come: a request for the same address
   * meanwhile waits for it rather than asking the app again (Cloudflare collapses such misses too).
   */
  const storing = new Map<string, Promise<void>>();
  /** Bumped by every purge: an answer the app began before a purge may hold what it purged, so it is not kept. */
  let generation = 0;

  function answer(variant: Variant<P>, status: string, method: string): Served<P> {
    const headers = new Headers(variant.headers);
    headers.set('cf-cache-status', status);
    headers.set('age', String(Math.max(0, Math.floor((now() - variant.storedAt) / 1000))));
    return {
      response: new Response(method === 'HEAD' ? null : variant.body, { status: variant.status, headers }),
      prepared: variant.prepared,
    };
  }

  /**
   * The app's answer to a GET, kept when its headers allow: it streams to the client as it comes and
   * is kept once all of it has come (`stored`), so a page the app sends early reaches its first visitor
   * early; an answer whose body fails, or that a purge overtook, is not kept. What the client gets
   * either way (for a HEAD, `method`, the same headers without the body).
   */
  async function fill(
    request: Request,
    method: string,
    key: string,
    response: Response,
    status: 'MISS' | 'EXPIRED',
    since: number,
  ): Promise<Served<P> & { stored: Promise<void> }> {
    const directives = sharedCacheDirectives(response.headers);
    const names = varyNames(response.headers);
    const keepable =
      since === generation &&
      request.method === 'GET' &&
      response.status === 200 &&
      !directives.uncacheable &&
      directives.maxAgeS !== null &&
      names !== '*' &&
      names !== null;
    const headers = new Headers(response.headers);
    for (const name of CONSUMED) headers.delete(name);
    headers.set('cf-cache-status', keepable ? status : 'BYPASS');
    if (keepable) headers.set('age', '0');
    const [toClient, toKeep] = keepable && response.body ? response.body.tee() : [response.body, null];
    const stored = toKeep ? keep(request, key, response, names as string[], directives, toKeep, since, now()) : Promise.resolve();
    if (toKeep) {
      storing.set(key, stored);
      void stored.finally(() => storing.get(key) === stored && storing.delete(key));
    }
    if (method === 'HEAD') await toClient?.cancel();
    const body = method === 'HEAD' ? null : toClient;
    return {
      response: new Response(body, { status: response.status, statusText: response.statusText, headers }),
      prepared: undefined,
      stored,
    };
  }

  /** Keeps an answer once all of its body has come, unless it failed or a purge came meanwhile. */
  async function keep(
    request: Request,
    key: string,
    response: Response,
    names: string[],
    directives: ReturnType<typeof sharedCacheDirectives>,
    stream: ReadableStream<Uint8Array>,
    since: number,
    /** When the app answered: its age counts from then, as its Date header would say. */
    storedAt: number,
  ): Promise<void> {
    let body: ArrayBuffer;
    try {
      body = await new Response(stream).arrayBuffer();
    } catch {
      return;
    }
    if (since !== generation) return;
    const prepared = preparer?.prepare(new Uint8Array(body), response.headers);
    const variant: Variant<P> = {
      varied: names.map((name) => [name, request.headers.get(name)]),
      status: response.status,
      headers: [...response.headers].filter(([name]) => !CONSUMED.has(name)),
      body,
      tags: readCacheTags(response.headers.get('cache-tag')),
      storedAt,
      freshMs: directives.maxAgeS! * 1000,
      staleMs: directives.staleWhileRevalidateS * 1000,
      staleIfErrorMs: directives.staleIfErrorS * 1000,
      prepared,
      preparedBytes: prepared === undefined ? 0 : preparer!.bytes(prepared),
    };
    const lru = storeOf(key);
    const others = (lru.get(key) ?? []).filter((v) => !sameVariant(v, variant));
    lru.set(key, [...others, variant].slice(-MAX_VARIANTS_PER_ADDRESS));
  }

  /** The request through the cache: a kept page, or the app's answer (kept when it may be). */
  async function serve(request: Request, app: AppFetch): Promise<Served<P>> {
    const { method } = request;
    if (method !== 'GET' && method !== 'HEAD') return { response: await app(request), prepared: undefined };
    const get = asGet(request);
    const key = keyOf(request);
    const kept = () =>
      storeOf(key)
        .get(key)
        ?.find((v) => matches(v, request));
    let variant = kept();
    // Nothing to serve, and the page on its way for another visitor: wait for it rather than make it again.
    if (!variant && storing.has(key)) {
      await storing.get(key);
      variant = kept();
    }
    const since = generation;
    if (!variant) return fill(get, method, key, await app(get), 'MISS', since);
    const age = now() - variant.storedAt;
    if (age < variant.freshMs) return answer(variant, 'HIT', method);
    const refreshKey = `${key}\n${JSON.stringify(variant.varied)}`;
    if (age < variant.freshMs + variant.staleMs) {
      if (!refreshing.has(refreshKey)) {
        refreshing.add(refreshKey);
        const refresh = get.clone() as Request;
        void app(refresh)
          .then((fresh) => (fresh.status >= 500 ? undefined : fill(refresh, 'HEAD', key, fresh, 'EXPIRED', since)))
          .then((filled) => filled?.stored)
          .catch(() => undefined)
          .finally(() => refreshing.delete(refreshKey));
      }
      return answer(variant, 'UPDATING', method);
    }
    let fresh: Response | undefined;
    try {
      fresh = await app(get);
    } catch (err) {
      if (age < variant.freshMs + variant.staleIfErrorMs) return answer(variant, 'STALE', method);
      throw err;
    }
    if (fresh.status >= 500 && age < variant.freshMs + variant.staleIfErrorMs) return answer(variant, 'STALE', method);
    return fill(get, method, key, fresh, 'EXPIRED', since);
  }

  return {
    serve,
    /**
     * A fresh kept answer to a GET of `pathAndQuery` with these request headers, or undefined: what a
     * hit needs and nothing made (no request, no response), for a caller that builds its own answer.
     */
    fresh(pathAndQuery: string, header: (name: string) => string | null): Kept<P> | undefined {
      const variant = storeOf(pathAndQuery)
        .get(pathAndQuery)
        ?.find((v) => v.varied.every(([name, value]) => header(name) === value));
      const age = variant && now() - variant.storedAt;
      if (!variant || age! >= variant.freshMs) return undefined;
      return { status: variant.status, headers: variant.headers, prepared: variant.prepared, ageS: Math.floor(age! / 1000) };
    },
    /** The request through the cache, as a response. */
    fetch: async (request: Request, app: AppFetch): Promise<Response> => (await serve(request, app)).response,
    /** Drops every kept page carrying one of the tags (any case); how many variants went. */
    purge(tags: readonly string[]): number {
      generation++;
      const wanted = new Set(tags.map((t) => t.toLowerCase()));
      let dropped = 0;
      for (const lru of [paths, queries]) {
        for (const [key, variants] of lru.entries()) {
          const kept = variants.filter((v) => !v.tags.some((t) => wanted.has(t)));
          dropped += variants.length - kept.length;
          if (kept.length === 0) lru.delete(key);
          else if (kept.length < variants.length) lru.set(key, kept);
        }
      }
      return dropped;
    },
    /** Pages kept now (variants), for /healthz and the bench. */
    size: () => [...paths.values(), ...queries.values()].reduce((n, v) => n + v.length, 0),
  };
}

export type MemoryPageCache<P = never> = ReturnType<typeof memoryPageCache<P>>;
