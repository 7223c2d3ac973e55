import manifest from 'virtual:client-manifest';

export interface ClientAssets {
  /** The client entry module (analytics, island hydration). */
  script: string;
  stylesheets: string[];
  /** Chunks the entry imports statically: preloaded so they do not wait for the entry to parse. */
  preloads: string[];
}

const ENTRY = 'src/client/entry.ts';

/** Reads the Vite manifest the client build wrote (aliased as virtual:client-manifest). */
export function clientAssets(): ClientAssets {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`client manifest has no ${ENTRY}; run npm run build`);
  const preloads = (entry.imports ?? []).flatMap((key) => {
    const chunk = manifest[key];
    return chunk ? [`/${chunk.file}`] : [];
  });
  return { script: `/${entry.file}`, stylesheets: (entry.css ?? []).map((f) => `/${f}`), preloads };
}

const HYDRATE = 'src/client/hydration/hydrate.tsx';

/** A chunk's file and those of everything it imports statically, depth first (the entry's own left out: already loaded). */
function chunkFiles(key: string, seen = new Set<string>([ENTRY])): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
}

/**
 * The code an island's first hydration runs (its chunk, React, the hydrator), which the browser
 * fetches at low priority once the page is idle (src/client/hydration/prefetch.ts). Empty in
 * development, where Vite serves modules one by one.
 */
export function islandChunks(name: string): string[] {
  let chunks = chunksByIsland.get(name);
  if (!chunks) {
    const seen = new Set<string>((manifest[ENTRY]?.imports ?? []).concat(ENTRY));
    chunks = [...chunkFiles(HYDRATE, seen), ...chunkFiles(`src/ui/islands/${name}.tsx`, seen)];
    chunksByIsland.set(name, chunks);
  }
  return chunks;
}

/** The manifest never changes while the process runs: each island's list is walked once, not per page. */
const chunksByIsland = new Map<string, string[]>();

/** The field-data reporter's chunks (web-vitals), fetched at low priority after load when the view is sampled. */
export function vitalsChunks(): string[] {
  return (vitals ??= chunkFiles('src/client/vitals.ts', new Set<string>((manifest[ENTRY]?.imports ?? []).concat(ENTRY))));
}
let vitals: string[] | undefined;
