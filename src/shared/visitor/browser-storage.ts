import { SESSION_IDLE_HOURS } from '#shared/admin/admin-rules.ts';
import { CART_COOKIE, CART_MAX_AGE } from '#shared/cart/cart.ts';
import { PURCHASES_STORAGE_KEY } from '#shared/catalogue/item-events.ts';
import { ORDERS_ACCESS_MINUTES } from '#shared/orders/your-orders-rules.ts';
import { PREFERENCE_KEY, PREFERENCE_MAX_AGE_S } from '#shared/region/preference.ts';
import { CAMPAIGN_STORAGE_KEY } from '#shared/site/campaign.ts';
import { CONSENT_MAX_AGE_S, CONSENT_STORAGE_KEY } from './consent.ts';

/** What kind of browser storage an item is, as the privacy policy says it. */
type Kind = 'Cookie' | 'Cookie and local storage' | 'Local storage' | 'Session storage' | 'Cookies';

export interface StoredItem {
  /** Its name in the browser (a pattern in words for a family: `order_<order number>`). */
  name: string;
  kind: Kind;
  /** Needed for what the visitor does (PECR reg. 6(4)): set without asking. */
  essential: boolean;
  /** Why, and when it is set, in the visitor's words. */
  purpose: string;
  /** How long it lives: seconds (what the shop sets), or words (what lives until the browser clears it). */
  lasts: number | string;
}

const DAY_S = 24 * 60 * 60;

/**
 * Everything the shop keeps in a visitor's browser, in one list (issue 81): the cookies its server and
 * its script set (http/cookies.ts takes their names and lifetimes from here) and the browser storage
 * its script keeps. The privacy policy's table is this list, so it cannot drift from what is set, and a
 * test holds every Set-Cookie to it.
 */
export const BROWSER_STORAGE = {
  region: {
    name: PREFERENCE_KEY,
    kind: 'Cookie and local storage',
    essential: true,
    purpose: 'Remembers the region (UK, EU or US) you chose, so prices show in your currency.',
    lasts: PREFERENCE_MAX_AGE_S,
  },
  consent: {
    name: CONSENT_STORAGE_KEY,
    kind: 'Cookie and local storage',
    essential: true,
    purpose: 'Remembers whether you accepted or rejected analytics cookies, so the banner does not ask again.',
    lasts: CONSENT_MAX_AGE_S,
  },
  cart: {
    name: CART_COOKIE,
    kind: 'Cookie',
    essential: true,
    purpose: 'Set when you add something to your cart: what is in it (the header shows the count).',
    lasts: CART_MAX_AGE,
  },
  cartCleared: {
    name: 'cart_cleared',
    kind: 'Cookie',
    essential: true,
    purpose: 'Set after a payment: the order whose items were taken out of your cart, so they are not taken out twice.',
    lasts: CART_MAX_AGE,
  },
  buyer: {
    name: 'buyer',
    kind: 'Cookie',
    essential: true,
    purpose: 'Set when you add to your cart or buy: a random code that lets only this browser see your order on the thank-you page.',
    lasts: CART_MAX_AGE,
  },
  offer: {
    name: 'offer',
    kind: 'Cookie',
    essential: true,
    purpose: 'Set when you use a discount code or link: the code your cart carries until you check out.',
    lasts: 30 * DAY_S,
  },
  flash: {
    name: 'flash',
    kind: 'Cookie',
    essential: true,
    purpose: 'Set for a moment after a form without JavaScript: the one sentence the next page shows you.',
    lasts: 120,
  },
  ordersAccess: {
    name: 'orders_access',
    kind: 'Cookie',
    essential: true,
    purpose: 'Set when you open the link we e-mail to show “Your orders”: keeps them open for an hour.',
    lasts: ORDERS_ACCESS_MINUTES * 60,
  },
  orderToken: {
    name: 'order_<order number>',
    kind: 'Cookie',
    essential: true,
    purpose: 'Set when you open your order page: keeps its secret link so the page still opens when you come back to it.',
    lasts: 90 * DAY_S,
  },
  admin: {
    name: '__Host-admin (admin on plain http)',
    kind: 'Cookie',
    essential: true,
    purpose: 'The shop’s own staff only: keeps the back office signed in.',
    lasts: SESSION_IDLE_HOURS * 3600,
  },
  adminFlash: {
    name: 'admin_flash',
    kind: 'Cookie',
    essential: true,
    purpose: 'The shop’s own staff only: the one sentence the next back-office page shows.',
    lasts: 120,
  },
  campaign: {
    name: CAMPAIGN_STORAGE_KEY,
    kind: 'Session storage',
    essential: false,
    purpose: 'Keeps the campaign details of the link that brought you here for the rest of your visit.',
    lasts: 'Until you close the browser tab',
  },
  purchases: {
    name: PURCHASES_STORAGE_KEY,
    kind: 'Local storage',
    essential: false,
    purpose: 'Remembers the order numbers already measured, so a purchase is never counted twice.',
    lasts: 'Until you clear your browser data',
  },
  analytics: {
    name: 'Google Analytics cookies (_ga, _ga_*)',
    kind: 'Cookies',
    essential: false,
    purpose: 'Tell visits apart to measure how the shop is used. Set only when analytics consent is given.',
    lasts: 'Up to 2 years',
  },
} as const satisfies Record<string, StoredItem>;

/** `n` units, in the singular for one. */
const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A lifetime in the policy's words: 2 minutes, 1 hour, 12 hours, 30 days, 1 year. */
export function lastsInWords(lasts: number | string): string {
  if (typeof lasts === 'string') return lasts;
  if (lasts % (365 * DAY_S) === 0) return unit(lasts / (365 * DAY_S), 'year');
  if (lasts % DAY_S === 0) return unit(lasts / DAY_S, 'day');
  if (lasts % 3600 === 0) return unit(lasts / 3600, 'hour');
  return unit(Math.round(lasts / 60), 'minute');
}
