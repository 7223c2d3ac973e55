/**
 * Cache rules for built files, shared by the Node server and public/_headers (Workers Static Assets):
 * content-hashed files never change; everything else is revalidated daily.
 */
export function cacheControlFor(path: string): string {
  return path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
}
