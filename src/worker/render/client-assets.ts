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
