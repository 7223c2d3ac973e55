import { describe, expect, it } from 'vitest';
import { customerServiceLinks, isActive, productLinks, quickLinks, resourceLinks } from '#shared/site/navigation.ts';

describe('navigation', () => {
  it('has the spec links, and Your orders (issue 58)', () => {
    expect(productLinks.map((l) => l.href)).toEqual([
      '/products',
      '/products?category=pistols',
      '/products?category=rifles',
      '/products?category=targets',
    ]);
    expect(resourceLinks.map((l) => l.href)).toEqual(['/about', '/training-gun-digest', '/guides']);
    expect(quickLinks.map((l) => l.label)).toEqual([
      'Home',
      'Products',
      'New Arrivals',
      'Featured Products',
      'About',
      'Training Gun Digest',
      'The Digest by e-mail',
      'Guides',
      'Contact',
    ]);
    expect(customerServiceLinks.map((l) => l.label)).toEqual([
      'Cart',
      'Your orders',
      'Shipping Policy',
      'Returns & Refunds',
      'FAQ',
      'Privacy Policy',
      'Terms of Service',
    ]);
  });

  it('marks the current section active', () => {
    expect(isActive('/contact', '/contact')).toBe(true);
    expect(isActive('/', '/contact')).toBe(false);
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/products?category=pistols', '/products')).toBe(true);
    expect(isActive('/guides', '/guides/x')).toBe(true);
    expect(isActive('/guides', '/guidesx')).toBe(false);
  });
});
