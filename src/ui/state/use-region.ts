import { useSyncExternalStore } from 'react';
import type { Region } from '#shared/region/region.ts';
import { getRegion, subscribeRegion } from './region-store.ts';

// Apart from the store so that pages load React only with an island, not with the store the entry uses.
/**
 * The region inside an island. `rendered` is the region the server rendered the island with, used
 * while hydrating so the markup matches; the live region takes over right after.
 */
export function useRegion(rendered: Region): Region {
  return useSyncExternalStore(subscribeRegion, getRegion, () => rendered);
}
