import type { Db } from '#worker/db/client.ts';
import { perApp } from '#worker/base/per-app.ts';
import { setBounded } from '#worker/base/rate-window.ts';
import { takeHit, type DurableLimit } from '#worker/limits/durable-limit.ts';

/**
 * The Stripe reads the thank-you page may make, so nobody can spend the shop's API rate limit (and
 * fail its checkouts and webhooks) by asking for made-up sessions: an unknown or unfinished session is
 * remembered for a minute (in memory: a bound on repeats, not an account), and each address gets a
 * few reads per ten minutes, counted in the database (durable across isolates and restarts, and not
 * reset by a fresh buyer cookie, which the client chooses). The cookie gate in front (buyer-hash.ts)
 * already keeps every browser that never checked out away from Stripe.
 */
export interface SessionLookups {
  /** Whether Stripe may be asked about this session for this address (its sender key) now; counts the read when it may. */
  mayRead(sessionId: string, senderKey: string): Promise<boolean>;
  /** Stripe had no finished session by this id: do not ask again for a while. */
  missed(sessionId: string): void;
}

export const MISS_TTL_MS = 60_000;
/** Stripe reads one address's thank-you pages may cause per ten minutes. */
export const THANK_YOU_READS: DurableLimit = { scope: 'thank-you', limit: 10, windowS: 600 };

export function sessionLookups(db: Db, now: () => number = Date.now): SessionLookups {
  const misses = new Map<string, number>();
  return {
    async mayRead(sessionId, senderKey) {
      const missedAt = misses.get(sessionId);
      if (missedAt !== undefined && now() - missedAt < MISS_TTL_MS) return false;
      return (await takeHit(db, THANK_YOU_READS, senderKey)).allowed;
    },
    missed(sessionId) {
      setBounded(misses, sessionId, now());
    },
  };
}

/** The lookups of one running app (its deps object): each test app, and each isolate, has its own miss cache. */
export const lookupsFor = (deps: { db: Db }): SessionLookups => perApp(deps, 'session-lookups', () => sessionLookups(deps.db));
