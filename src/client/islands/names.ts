/** Every island; the name is the file name under src/client/islands/ (checked by a unit test). */
export const islandNames = [
  'BuyNow',
  'FeaturedProducts',
  'MobileMenu',
  'ProductBrowser',
  'ProductGallery',
  'ProductPrice',
  'ReviewsWidget',
] as const;
export type IslandName = (typeof islandNames)[number];
