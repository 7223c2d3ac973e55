/** Facts about the shop used by more than one page. */
export const site = {
  brand: 'StrikePoint Training',
  tagline: 'Premium tactical laser training systems for military, law enforcement, and civilian shooters.',
  locale: 'en-GB',
} as const;
