const PROBE_ORIGIN = 'https://probe.invalid';

/**
 * A `?redirect=` value as a path of this site ('/gb/products?category=knives'), or null for anything
 * that would leave it: another origin, a protocol-relative '//host', a backslash, or a string the URL
 * parser turns into one (tabs and newlines are dropped by it, so '/\t/evil.example' is '//evil.example').
 */
export function sameSitePath(value: string | undefined | null): string | null {
  if (!value || !value.startsWith('/') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
