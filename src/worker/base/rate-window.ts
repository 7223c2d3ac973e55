/**
 * A fixed-window counter per key, in memory (per process, or per isolate on the edge): `take` says
 * whether one more is allowed in the key's current window and counts it. A bound on cost, not an
 * exact account; the oldest keys are dropped past MAX_KEYS so memory stays bounded.
 */
export interface RateWindow {
  take(key: string): boolean;
}

const MAX_KEYS = 5_000;

/** Keeps `map` at most MAX_KEYS long, the least recently set going first. */
export function setBounded<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
}

export function rateWindow(limit: number, windowMs: number, now: () => number = Date.now): RateWindow {
  const windows = new Map<string, { since: number; count: number }>();
  return {
    take(key) {
      const open = windows.get(key);
      const current = open && now() - open.since < windowMs ? open : { since: now(), count: 0 };
      if (current.count >= limit) return false;
      setBounded(windows, key, { since: current.since, count: current.count + 1 });
      return true;
    },
  };
}
