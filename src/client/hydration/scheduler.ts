import { isHydrationTiming, type HydrationTiming } from '#shared/site/hydration.ts';
import { replayFirstInteraction } from './replay.ts';
import { whenDue } from './triggers.ts';
import { yieldToBrowser } from './yield.ts';

interface Marker {
  el: HTMLElement;
  timing: HydrationTiming;
  /** Settles once the island has committed (or failed); set when its hydration starts. */
  done?: Promise<void>;
  cancel: () => void;
}

const markers: Marker[] = [];
/** One island at a time, the browser getting a turn between two (no long task for a page of islands). */
let queue: Promise<void> = Promise.resolve();

function start(marker: Marker): Promise<void> {
  if (marker.done) return marker.done;
  marker.cancel();
  marker.done = queue = queue.then(async () => {
    await yieldToBrowser();
    try {
      // React and the island's code are fetched with the first island that hydrates.
      const { hydrateIsland } = await import('./hydrate.tsx');
      await hydrateIsland(marker.el);
    } catch (err) {
      reportError(err); // a failed chunk load: the island stays server HTML, the others go on
    }
  });
  return marker.done;
}

/**
 * Arms every island marker on the page with its timing (`data-hydrate`, `load` when absent) and
 * the first-interaction trigger. Settles when the islands due at start-up (load and idle) have
 * hydrated; visible and interaction islands come later, on their trigger.
 */
export function scheduleIslands(root: ParentNode = document): Promise<void> {
  const startUp: Promise<void>[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const timing = isHydrationTiming(el.dataset.hydrate) ? el.dataset.hydrate : 'load';
    const marker: Marker = { el, timing, cancel: () => {} };
    markers.push(marker);
    replayFirstInteraction(el, () => start(marker));
    marker.cancel = whenDue(el, timing, () => void start(marker));
    if (timing === 'load' || timing === 'idle') startUp.push(start(marker));
  }
  return Promise.all(startUp).then(() => {});
}

/**
 * Hydrates now every island that follows the region (`data-follows-region`: it shows prices or the
 * region), so that a region change reaches it in the same frame as the rest of the page.
 */
export function hydrateRegionIslands(): Promise<void> {
  const due = markers.filter(({ el }) => el.dataset.followsRegion !== undefined);
  return Promise.all(due.map(start)).then(() => {});
}

/** Hydrates the first island of that name now (e.g. the toaster when a toast is raised). */
export function hydrateIslandNamed(name: string): Promise<void> {
  const marker = markers.find(({ el }) => el.dataset.island === name);
  return marker ? start(marker) : Promise.resolve();
}
