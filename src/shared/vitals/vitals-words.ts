import { MARKETS } from '#shared/market/market.ts';
import { DIGEST } from '#shared/site/navigation.ts';
import { ratingOf, THRESHOLDS, type MetricName, type Rating } from './metrics.ts';

/**
 * Field data in an owner's words: which pages, how they do against Google's thresholds, and which
 * element on them is slow, named as a person would ("the main photo", "the e-mail field"), never
 * as a CSS selector.
 */

const PAGE_NAMES: Record<string, string> = {
  '/': 'Home page',
  '/products': 'Product list',
  '/product/:id': 'Product pages',
  '/cart': 'Cart',
  '/thank-you': 'Thank-you page',
  '/guides': 'Guides list',
  '/guides/:slug': 'Guide pages',
  [DIGEST.path]: `${DIGEST.name} list`,
  [`${DIGEST.path}/:slug`]: `${DIGEST.name} articles`,
  '/contact': 'Contact page',
  '/about': 'About page',
  '/faq': 'FAQ',
  '/privacy-policy': 'Privacy policy',
  '/terms-of-service': 'Terms of service',
  '/shipping-policy': 'Shipping policy',
  '/returns': 'Returns policy',
  '/orders/:number': 'Order pages',
  other: 'Other pages',
};

export const pageTypeWords = (pageType: string): string => PAGE_NAMES[pageType] ?? pageType;

/** A market as owners say it; reports from an address without one (/, the region chosen on the server) are "any market". */
export const marketWords = (market: string | null): string =>
  market ? (MARKETS.find((m) => m.prefix === market)?.name ?? market) : 'any market';

/** What each measure is about, in words. */
export const METRIC_WORDS: Record<'LCP' | 'INP' | 'CLS', string> = {
  LCP: 'Loading',
  INP: 'Responding to taps',
  CLS: 'Staying still',
};

const RATING_WORDS: Record<Rating, string> = { good: 'Good', 'needs-improvement': 'Needs work', poor: 'Poor' };
export const ratingWords = (rating: Rating): string => RATING_WORDS[rating];

/** A value as people read it: seconds for loading, milliseconds for a tap, a plain number for movement. */
export function valueWords(metric: MetricName, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** Google's "good" for a measure, in words: "2.5 s or less". */
export const goodWords = (metric: MetricName): string => `${valueWords(metric, THRESHOLDS[metric].good)} or less`;

/** A page type's verdict: Google's rule for Core Web Vitals is the worst of the three at p75 (no data on one: not counted). */
export function pageVerdict(p75: Partial<Record<'LCP' | 'INP' | 'CLS', number>>): Rating | null {
  const ratings = (['LCP', 'INP', 'CLS'] as const).flatMap((m) => (p75[m] === undefined ? [] : [ratingOf(m, p75[m])]));
  if (ratings.length === 0) return null;
  return ratings.includes('poor') ? 'poor' : ratings.includes('needs-improvement') ? 'needs-improvement' : 'good';
}

const TAG_WORDS: Record<string, string> = {
  img: 'a photo',
  picture: 'a photo',
  video: 'a video',
  svg: 'an illustration or icon',
  h1: 'the main heading',
  h2: 'a heading',
  h3: 'a heading',
  p: 'a paragraph of text',
  li: 'an item of a list',
  a: 'a link',
  button: 'a button',
  input: 'a field of a form',
  select: 'a drop-down list',
  textarea: 'a text box',
  label: 'a label of a form',
  form: 'a form',
  nav: 'the menu',
  header: 'the top bar',
  footer: 'the footer',
  main: 'the page’s main part',
  table: 'a table',
  span: 'a piece of text',
  div: 'a block of the page',
  section: 'a section of the page',
};

/** Words in an element's id or classes that say what it is, before what kind of element it is. */
const MEANINGS: ReadonlyArray<[RegExp, string]> = [
  [/e-?mail/i, 'the e-mail field'],
  [/search/i, 'the search box'],
  [/message/i, 'the message box'],
  [/quantity|qty/i, 'the quantity control'],
  [/add-?to-?cart|buy/i, 'the buy button'],
  [/checkout/i, 'the checkout button'],
  [/cart/i, 'the cart'],
  [/region|market|currency/i, 'the region switch'],
  [/consent|cookie/i, 'the cookie banner'],
  [/promo/i, 'the promotion strip'],
  [/hero/i, 'the hero banner'],
  [/gallery|carousel/i, 'the photo gallery'],
  [/menu|nav/i, 'the menu'],
];

/**
 * A CSS selector as web-vitals reports it ("div.relative>img.h-full", "#_R_7d6e_-email") in words:
 * what its last element means by its id or classes, else what kind of element it is.
 */
export function elementWords(selector: string | null | undefined): string {
  if (!selector) return 'not recorded';
  const last =
    selector
      .trim()
      .split(/\s*[> +~]\s*/)
      .at(-1) ?? '';
  const tag = /^[a-z][a-z0-9-]*/i.exec(last)?.[0]?.toLowerCase();
  const names = last.replace(/^[a-z][a-z0-9-]*/i, '');
  const meaning = MEANINGS.find(([pattern]) => pattern.test(names));
  if (meaning) return meaning[1];
  return (tag && TAG_WORDS[tag]) ?? (tag ? `a ${tag} element` : 'an element of the page');
}
