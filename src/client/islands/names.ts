/** Every island; the name is the file name under src/client/islands/ (checked by a unit test). */
export const islandNames = ['ConsentBanner', 'DesktopNav', 'MobileMenu', 'PromoStrip', 'RegionSelector', 'Toaster'] as const;
export type IslandName = (typeof islandNames)[number];
