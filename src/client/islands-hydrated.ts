let markHydrated!: () => void;

/**
 * Settles once every island on the page has hydrated (or failed to). Work that changes what
 * islands show (the saved region, region detection) waits for it, so islands and the rest of the
 * page switch in the same frame instead of islands catching up a paint later.
 */
export const islandsHydrated = new Promise<void>((resolve) => (markHydrated = resolve));

export function islandsAreHydrated(): void {
  markHydrated();
}
