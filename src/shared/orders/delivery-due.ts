import { transitDays } from '#shared/policy/ships-from.ts';

const DAY_MS = 86_400_000;

/** `from` plus `n` business days (Saturday and Sunday skipped), as a time. */
function addBusinessDays(from: number, n: number): number {
  let at = from;
  for (let left = n; left > 0;) {
    at += DAY_MS;
    const day = new Date(at).getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}

/**
 * When a shipped order's parcel was due (delivery is not tracked): shipped plus the longest transit of
 * its service to its region. The return window and "should have arrived" count from it.
 */
export function dueDelivery(shippedAt: string, region: string | null, shippingOption: string | null): number {
  return addBusinessDays(Date.parse(shippedAt), transitDays(region, shippingOption).max);
}
