import { LRUCache } from 'lru-cache';
import { readCacheTags } from '#shared/site/cache-tags.ts';
import { sharedCacheDirectives } from '#shared/site/page-cache-rules.ts';

/**
 * Node's stand-in for Workers Cache (the cache Cloudflare puts in front of a Worker), with its rules:
 * GET and HEAD only; the key is the path and query (not the host); a response is kept when its
 * headers allow a shared cache to (no Set-Cookie, not private or no-store, a max-age), under each
 * combination of the request headers its Vary names (compared verbatim; `Vary: *` keeps nothing);
 * fresh, then served at once while one background request refreshes it (stale-while-revalidate),
 * or when the app fails (stale-if-error); purged by Cache-Tag. Answers say what happened in
 * Cf-Cache-Status (HIT, MISS, EXPIRED, UPDATING, STALE, BYPASS); Cache-Tag and
 * Cloudflare-CDN-Cache-Control are consumed, as Cloudflare does. A hit never runs the app.
 */
interface Variant {
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
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export type AppFetch = (request: Request) => Promise<Response>;

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

const matches = (variant: Variant, request: Request) => variant.varied.every(([name, value]) => request.headers.get(name) === value);

export function memoryPageCache(limits: PageCacheLimits, now: () => number = Date.now) {
  const lru = new LRUCache<string, Variant[]>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: (variants, key) => key.length + variants.reduce((n, v) => n + v.body.byteLength + 512, 0),
  });
  /** Background refreshes under way, by key and variant: one per stale entry. */
  const refreshing = new Set<string>();
  /** Bumped by every purge: an answer the app began before a purge may hold what it purged, so it is not kept. */
  let generation = 0;

  function answer(variant: Variant, status: string, method: string): Response {
    const headers = new Headers(variant.headers);
    headers.set('cf-cache-status', status);
    headers.set('age', String(Math.max(0, Math.floor((now() - variant.storedAt) / 1000))));
    return new Response(method === 'HEAD' ? null : variant.body, { status: variant.status, headers });
  }

  /** The app's answer, kept when its headers allow; what the client gets either way. */
  async function fill(request: Request, key: string, response: Response, status: 'MISS' | 'EXPIRED', since: number): Promise<Response> {
    const directives = sharedCacheDirectives(response.headers);
    const names = varyNames(response.headers);
    const keepable =
      since === generation &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      response.status === 200 &&
      !directives.uncacheable &&
      directives.maxAgeS !== null &&
      names !== '*' &&
      names !== null;
    if (!keepable) {
      const headers = new Headers(response.headers);
      for (const name of CONSUMED) headers.delete(name);
      headers.set('cf-cache-status', 'BYPASS');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    const body = await response.arrayBuffer();
    const variant: Variant = {
      varied: names.map((name) => [name, request.headers.get(name)]),
      status: response.status,
      headers: [...response.headers].filter(([name]) => !CONSUMED.has(name)),
      body,
      tags: readCacheTags(response.headers.get('cache-tag')),
      storedAt: now(),
      freshMs: directives.maxAgeS! * 1000,
      staleMs: directives.staleWhileRevalidateS * 1000,
      staleIfErrorMs: directives.staleIfErrorS * 1000,
    };
    const others = (lru.get(key) ?? []).filter((v) => !sameVariant(v, variant));
    lru.set(key, [...others, variant]);
    return answer(variant, status, request.method);
  }

  const sameVariant = (a: Variant, b: Variant) =>
    a.varied.length === b.varied.length && a.varied.every(([name, value], i) => b.varied[i]?.[0] === name && b.varied[i]?.[1] === value);

  return {
    /** The request through the cache: a kept page, or the app's answer (kept when it may be). */
    async fetch(request: Request, app: AppFetch): Promise<Response> {
      if (request.method !== 'GET' && request.method !== 'HEAD') return app(request);
      const key = keyOf(request);
      const since = generation;
      const variant = lru.get(key)?.find((v) => matches(v, request));
      if (!variant) return fill(request, key, await app(request), 'MISS', since);
      const age = now() - variant.storedAt;
      if (age < variant.freshMs) return answer(variant, 'HIT', request.method);
      const refreshKey = `${key}\n${JSON.stringify(variant.varied)}`;
      if (age < variant.freshMs + variant.staleMs) {
        if (!refreshing.has(refreshKey)) {
          refreshing.add(refreshKey);
          void app(request.clone() as Request)
            .then((fresh) => (fresh.status >= 500 ? undefined : fill(request, key, fresh, 'EXPIRED', since)))
            .catch(() => undefined)
            .finally(() => refreshing.delete(refreshKey));
        }
        return answer(variant, 'UPDATING', request.method);
      }
      let fresh: Response | undefined;
      try {
        fresh = await app(request);
      } catch (err) {
        if (age < variant.freshMs + variant.staleIfErrorMs) return answer(variant, 'STALE', request.method);
        throw err;
      }
      if (fresh.status >= 500 && age < variant.freshMs + variant.staleIfErrorMs) return answer(variant, 'STALE', request.method);
      return fill(request, key, fresh, 'EXPIRED', since);
    },
    /** Drops every kept page carrying one of the tags (any case); how many variants went. */
    purge(tags: readonly string[]): number {
      generation++;
      const wanted = new Set(tags.map((t) => t.toLowerCase()));
      let dropped = 0;
      for (const [key, variants] of lru.entries()) {
        const kept = variants.filter((v) => !v.tags.some((t) => wanted.has(t)));
        dropped += variants.length - kept.length;
        if (kept.length === 0) lru.delete(key);
        else if (kept.length < variants.length) lru.set(key, kept);
      }
      return dropped;
    },
    /** Pages kept now (variants), for /healthz and the bench. */
    size: () => [...lru.values()].reduce((n, v) => n + v.length, 0),
  };
}

export type MemoryPageCache = ReturnType<typeof memoryPageCache>;
