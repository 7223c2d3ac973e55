/**
 * When an island hydrates (Astro's client directives are the model). Every deferred island also
 * hydrates on the first interaction inside it, so a visitor never waits for a trigger that has not come.
 * - `load`: as soon as the page has parsed (content above the fold that must work at once).
 * - `idle`: when the browser has nothing else to do.
 * - `visible`: when the island comes near the viewport.
 * - `interaction`: on the first pointer, focus or key inside the island (and no earlier).
 */
export const hydrationTimings = ['load', 'idle', 'visible', 'interaction'] as const;
export type HydrationTiming = (typeof hydrationTimings)[number];

export function isHydrationTiming(value: unknown): value is HydrationTiming {
  return (hydrationTimings as readonly unknown[]).includes(value);
}
