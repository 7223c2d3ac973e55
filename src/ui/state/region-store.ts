import { DEFAULT_REGION, isRegion, type Region } from '#shared/region/region.ts';

/**
 * The visitor's region, shared by every island and the server-rendered prices. It starts from the
 * region the server rendered (<html data-region>), so the first paint and hydration agree.
 */
type Listener = (region: Region) => void;

const listeners = new Set<Listener>();
let current: Region | undefined;

export function getRegion(): Region {
  if (!current) {
    const rendered = typeof document === 'undefined' ? undefined : document.documentElement.dataset.region;
    current = isRegion(rendered) ? rendered : DEFAULT_REGION;
  }
  return current;
}

/** Changes the region for the whole page; returns false (and changes nothing) for anything but UK, EU or US. */
export function setRegion(region: unknown): region is Region {
  if (!isRegion(region)) {
    console.warn(`Ignoring invalid region: ${String(region)}`);
    return false;
  }
  if (region === getRegion()) return true;
  current = region;
  document.documentElement.dataset.region = region;
  for (const listener of listeners) listener(region);
  return true;
}

export function subscribeRegion(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
