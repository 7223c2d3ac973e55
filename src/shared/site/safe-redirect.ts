const PROBE_ORIGIN = 'https://probe.invalid';

/**
 * A `?redirect=` or return value as a path of this site ('/gb/products?category=knives'), or null for
 * anything that could leave it. Checked on the string the browser will follow, after the URL parser
 * has done what browsers do (drop tabs and newlines, read a backslash as a slash, resolve dot segments
 * and %2e): it must start with one slash, never two ('/.//evil.example' resolves to '//evil.example'),
 * and resolve on this site. Control characters and backslashes are refused outright.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\\\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== PROBE_ORIGIN || !path.startsWith('/') || /^\/[/\\]/.test(path)) return null;
  // What the browser will follow: the same check on the result, read again.
  return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN ? path : null;
}
