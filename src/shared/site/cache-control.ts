/**
 * Cache rules for built files, shared by the Node server and public/_headers (Workers Static Assets):
 * content-hashed files never change; everything else is revalidated daily.
 */
export function cacheControlFor(path: string): string {
  return path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
}

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
