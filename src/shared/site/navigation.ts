/** The digest landing: where blog links lead and where a missing or unpublished article redirects. */
export const DIGEST = { path: '/training-gun-digest', name: 'Training Gun Digest' } as const;

/** The Digest's sign-up (routes/newsletter/): the strip's Subscribe & Save and the footer lead there. */
export const NEWSLETTER_PATH = '/newsletter';

/** The site's navigation (header, mobile menu and footer): every menu reads its links from here. */
export interface NavLink {
  href: string;
  label: string;
}

export const productLinks: NavLink[] = [
  { href: '/products', label: 'All products' },
  { href: '/products?category=pistols', label: 'Laser Pistols' },
  { href: '/products?category=rifles', label: 'Laser Rifles' },
  { href: '/products?category=targets', label: 'Target Systems' },
];

export const resourceLinks: NavLink[] = [
  { href: '/about', label: 'About' },
  { href: DIGEST.path, label: DIGEST.name },
  { href: '/guides', label: 'Guides' },
];

export const contactLink: NavLink = { href: '/contact', label: 'Contact' };

/** A shopper's orders, by a link mailed to them (routes/orders/your-orders-routes.tsx): in the header, the menu and the footer. */
export const yourOrdersLink: NavLink = { href: '/orders', label: 'Your orders' };

export const quickLinks: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/products', label: 'Products' },
  { href: '/products?category=new', label: 'New Arrivals' },
  { href: '/products?category=featured', label: 'Featured Products' },
  { href: '/about', label: 'About' },
  { href: DIGEST.path, label: DIGEST.name },
  { href: NEWSLETTER_PATH, label: 'The Digest by e-mail' },
  { href: '/guides', label: 'Guides' },
  contactLink,
];

export const customerServiceLinks: NavLink[] = [
  { href: '/cart', label: 'Cart' },
  yourOrdersLink,
  { href: '/shipping-policy', label: 'Shipping Policy' },
  { href: '/returns', label: 'Returns & Refunds' },
  { href: '/faq', label: 'FAQ' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
];

/** True when a link points at the current page (path only; '/' matches only itself). */
export function isActive(href: string, path: string): boolean {
  const target = href.split('?')[0];
  return target === '/' ? path === '/' : path === target || path.startsWith(`${target}/`);
}
