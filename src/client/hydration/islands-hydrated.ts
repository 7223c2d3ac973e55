let markHydrated!: () => void;

/**
 * Settles once the islands due at start-up (timing `load` or `idle`) have hydrated (or failed to).
 * Work that changes what islands show (the saved region, region detection) waits for it, so
 * islands and the rest of the page switch in the same frame; islands still deferred then are
 * hydrated before a detected region is applied (hydrateRegionIslands).
 */
export const islandsHydrated = new Promise<void>((resolve) => (markHydrated = resolve));

export function islandsAreHydrated(): void {
  markHydrated();
}
