/**
 * Cache rules for built files, shared by the Node server and public/_headers (Workers Static Assets):
 * content-hashed files never change; everything else is revalidated daily.
 */
export function cacheControlFor(path: string): string {
  return path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
}

/**
 * The other headers every built file carries (public/_headers states them for Workers Static Assets).
 * Document-level policies (CSP, frame and permissions policies) mean nothing on a script or an image,
 * and on HTTP/1.1 they would add about 1 KB to each of a page's dozen requests.
 */
export const staticFileHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * Cache-Control for a response that depends on the visitor's region: only the visitor's own browser
 * may keep it. Without a value it must revalidate every time; a route's own max-age is kept but
 * `public` and shared-cache lifetimes (s-maxage) are dropped.
 */
export function regionDependentCacheControl(existing: string | null | undefined): string {
  if (!existing) return 'private, no-cache';
  const directives = existing
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d && !/^(public|private|s-maxage=.*)$/i.test(d));
  if (directives.some((d) => d.toLowerCase() === 'no-store')) return directives.join(', ');
  return ['private', ...directives].join(', ');
}
