import { isRegion } from '#shared/region/region.ts';
import { hydrateRegionIslands } from '#client/hydration/scheduler.ts';
import { getRegion, setRegion } from '#ui/state/region-store.ts';

/**
 * Changes the page's region once every island that shows it has hydrated (they wait for a visitor
 * or a region change, not for load), so all prices switch in the same frame. Returns false (and
 * changes nothing) for anything but UK, EU or US.
 */
export async function switchRegion(value: unknown): Promise<boolean> {
  if (isRegion(value) && value !== getRegion()) await hydrateRegionIslands();
  return setRegion(value);
}
