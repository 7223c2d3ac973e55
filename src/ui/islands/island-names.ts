/** Every island; the name is the file name under src/ui/islands/ (checked by a unit test). */
export const islandNames = [
  'CartView',
  'ContactForm',
  'DesktopNav',
  'FeaturedProducts',
  'GuideBrowser',
  'NewsletterSignUp',
  'ProductBrowser',
  'ProductGallery',
  'ProductPrice',
  'ReviewsWidget',
  'Toaster',
] as const;
export type IslandName = (typeof islandNames)[number];
