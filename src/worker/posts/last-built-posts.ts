/**
 * The slugs of the posts content/posts published when this bundle was built (vite.config.ts defines it
 * for the Node build and the tests; scripts/build.mjs passes the same JSON to wrangler for the Worker).
 * Undefined in a bundle built without it (`wrangler dev`): no article is then known before its data.
 */
declare const SHOP_LAST_BUILT_POST_SLUGS: string | undefined;

let parsed: ReadonlySet<string> | undefined;

/** Whether the build knew an article at this slug: it may send its first bytes before its data is read (docs/decisions/036). */
export function builtWithPost(slug: string): boolean {
  parsed ??= new Set(typeof SHOP_LAST_BUILT_POST_SLUGS === 'string' ? (JSON.parse(SHOP_LAST_BUILT_POST_SLUGS) as string[]) : []);
  return parsed.has(slug);
}
