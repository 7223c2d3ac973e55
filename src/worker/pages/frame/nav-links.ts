/** Header navigation (spec point 2, header and footer). */
export const primaryNav = [
  { href: '/', label: 'Home' },
  { href: '/products', label: 'Products' },
  { href: '/about', label: 'About' },
  { href: '/training-gun-digest', label: 'Training Gun Digest' },
  { href: '/guides', label: 'Guides' },
  { href: '/contact', label: 'Contact' },
] as const;
