import { perApp } from '#worker/http/per-app.ts';
import { rateWindow, setBounded } from '#worker/http/rate-window.ts';

/**
 * The Stripe reads the thank-you page may make, so nobody can spend the shop's API rate limit (and
 * fail its checkouts and webhooks) by asking for made-up sessions: an unknown or unfinished session is
 * remembered for a minute, and each buyer gets a few reads per ten minutes. Kept per app in memory
 * (per isolate on the edge): a bound on the cost, not an account of it; the cookie gate in front
 * (buyer-cookie.ts) already keeps every browser that never checked out away from Stripe.
 */
export interface SessionLookups {
  /** Whether Stripe may be asked about this session for this buyer now; counts the read when it may. */
  mayRead(sessionId: string, buyer: string): boolean;
  /** Stripe had no finished session by this id: do not ask again for a while. */
  missed(sessionId: string): void;
}

export const MISS_TTL_MS = 60_000;
export const READS_PER_BUYER = 10;
const READ_WINDOW_MS = 10 * 60_000;

export function sessionLookups(now: () => number = Date.now): SessionLookups {
  const misses = new Map<string, number>();
  const reads = rateWindow(READS_PER_BUYER, READ_WINDOW_MS, now);
  return {
    mayRead(sessionId, buyer) {
      const missedAt = misses.get(sessionId);
      if (missedAt !== undefined && now() - missedAt < MISS_TTL_MS) return false;
      return reads.take(buyer);
    },
    missed(sessionId) {
      setBounded(misses, sessionId, now());
    },
  };
}

/** The lookups of one running app (its deps object): each test app, and each isolate, has its own. */
export const lookupsFor = (deps: object): SessionLookups => perApp(deps, 'session-lookups', () => sessionLookups());
