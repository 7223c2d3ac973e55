import { isRegion, type Region } from './region.ts';

/**
 * The visitor's saved region choice: kept in localStorage and
 * mirrored in a cookie of the same name so the server renders the first HTML in that currency.
 */
export const PREFERENCE_KEY = 'preferredCountry';
export const PREFERENCE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A stored value counts only if it is exactly UK, EU or US. */
export function savedRegion(value: unknown): Region | null {
  return isRegion(value) ? value : null;
}

/** The Set-Cookie / document.cookie string: whole site, one year, not sent on cross-site posts. */
export function preferenceCookie(region: Region, opts: { secure: boolean }): string {
  const parts = [`${PREFERENCE_KEY}=${region}`, 'Path=/', `Max-Age=${PREFERENCE_MAX_AGE_S}`, 'SameSite=Lax'];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}
