import { DIGEST } from '#shared/site/navigation.ts';
import { splitMarket, type Market } from '#shared/market/market.ts';

/**
 * What field data is grouped by: the page's route pattern, never its URL (no slugs, ids, queries or
 * tokens leave the browser). Anything else (a 404, an address no route has) is 'other'.
 */
const STATIC = [
  '/',
  '/products',
  '/cart',
  '/thank-you',
  '/guides',
  DIGEST.path,
  '/contact',
  '/about',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/shipping-policy',
  '/returns',
];
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/^\/product\/[^/]+(\/[^/]+)?$/, '/product/:id'],
  [/^\/orders\/[^/]+$/, '/orders/:number'],
  [/^\/guides\/[^/]+$/, '/guides/:slug'],
  [new RegExp(`^${DIGEST.path}/[^/]+$`), `${DIGEST.path}/:slug`],
];

/** Every page type a report may name. */
export const PAGE_TYPES: readonly string[] = [...STATIC, ...PATTERNS.map(([, type]) => type), 'other'];

/** '/gb/product/1/g-series' → { pageType: '/product/:id', market: 'gb' }; a bare address has no market. */
export function pageTypeOf(pathname: string): { pageType: string; market: Market | null } {
  const { market, path } = splitMarket(pathname);
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (STATIC.includes(bare)) return { pageType: bare, market };
  return { pageType: PATTERNS.find(([pattern]) => pattern.test(bare))?.[1] ?? 'other', market };
}

export type DeviceClass = 'phone' | 'tablet' | 'desktop';

/** From the viewport's width in CSS pixels (Tailwind's md and lg breakpoints): nothing about the device itself. */
export function deviceClassOf(viewportWidth: number): DeviceClass {
  return viewportWidth < 768 ? 'phone' : viewportWidth < 1024 ? 'tablet' : 'desktop';
}
