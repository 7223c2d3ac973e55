import { cartBadgeLabel } from '#shared/cart/cart.ts';
import type { Region } from '#shared/region/region.ts';
import { shouldAskConsent, type ConsentChoice } from '#shared/visitor/consent.ts';
import { flashBoxHtml, type FlashNotice } from '#shared/visitor/flash-notice.ts';
import { escapeHtml } from '#shared/site/html-escape.ts';

/**
 * What of a page is one visitor's, read from their cookies as it is served: a kept page holds a
 * stranger's (an empty cart, the banner as their region asks it, no notice), and the step in front
 * fills in the visitor's (page-cache/visitor-stitch.ts). The server's own render shows the same.
 */
export interface VisitorParts {
  /** Items in the cart. */
  cartCount: number;
  /** The choice the consent cookie holds. */
  consent: ConsentChoice | null;
  /** The region the page is in (whether it asks about cookies). */
  region: Region;
  /** The notice a redirect left, shown once. */
  flash: FlashNotice | null;
}

/** The look of the cart's count bubble, shared with the script that adds it when the count goes above 0. */
export const CART_COUNT_CLASS =
  'absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white';

/** The visitor's parts as the page writes them: text and markup, escaped. */
export interface VisitorFills {
  /** The cart link's accessible name. */
  cartLabel: string;
  /** The count bubble inside the cart link ('' for an empty cart). */
  cartCountHtml: string;
  /** Whether the consent banner is hidden (a choice made, or a region that does not ask). */
  consentHidden: boolean;
  /** "Current choice: accepted." inside the banner, or ''. */
  consentCurrentHtml: string;
  /** The notice's box at the start of <main>, or ''. */
  flashHtml: string;
}

export const consentCurrentText = (consent: ConsentChoice | null): string =>
  consent ? `Current choice: ${consent === 'granted' ? 'accepted' : 'rejected'}.` : '';

export function visitorFills(parts: VisitorParts): VisitorFills {
  return {
    cartLabel: cartBadgeLabel(parts.cartCount),
    cartCountHtml:
      parts.cartCount > 0 ? `<span aria-hidden="true" data-cart-count="" class="${CART_COUNT_CLASS}">${parts.cartCount}</span>` : '',
    consentHidden: !shouldAskConsent(parts.region, parts.consent),
    consentCurrentHtml: escapeHtml(consentCurrentText(parts.consent)),
    flashHtml: parts.flash ? flashBoxHtml(parts.flash) : '',
  };
}
