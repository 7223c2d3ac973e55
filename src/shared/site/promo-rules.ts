// The strip's stepping rules, apart from its messages (promotions.ts): the client needs only these,
// and the messages pull in the policy wording with its Intl formatters, which every page would then
// build at start-up.

export const PROMO_INTERVAL_MS = 3000;
export const PROMO_VISIBLE_WIDE = 3;
export const PROMO_VISIBLE_NARROW = 1;
/** The mobile breakpoint: narrower screens see 1 message at a time instead of 3. */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * The next (delta 1) or previous (delta -1) first visible message: one step at a time; past the
 * last full view it wraps to the start, and before the start to the last full view.
 */
export function stepPromo(start: number, delta: 1 | -1, length: number, visible: number): number {
  const last = Math.max(0, length - visible);
  const next = start + delta;
  if (next > last) return 0;
  if (next < 0) return last;
  return next;
}
