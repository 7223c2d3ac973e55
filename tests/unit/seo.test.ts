import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageTitle, serializeJsonForScript } from '#shared/seo/tags.ts';
import { site } from '#shared/site/brand.ts';

describe('seo builders', () => {
  it('adds the brand suffix unless the title names the brand', () => {
    expect(pageTitle('Page Not Found')).toBe(`Page Not Found | ${site.brand}`);
    expect(pageTitle(`About ${site.brand}`)).toBe(`About ${site.brand}`);
    expect(pageTitle(site.brand.toUpperCase())).toBe(site.brand.toUpperCase());
  });

  it('makes relative URLs absolute against the base and keeps absolute ones', () => {
    expect(absoluteUrl('https://shop.example', '/products')).toBe('https://shop.example/products');
    expect(absoluteUrl('https://shop.example/', 'images/a.svg')).toBe('https://shop.example/images/a.svg');
    expect(absoluteUrl('https://shop.example', 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });

  it('escapes JSON so it cannot leave a script tag', () => {
    const json = serializeJsonForScript({ name: '</script><script>alert(1)</script>&\u2028\u2029' });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>&\u2028\u2029' });
  });
});
