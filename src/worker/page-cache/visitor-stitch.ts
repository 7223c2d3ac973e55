import type { VisitorFills } from '#shared/visitor/visitor-parts.ts';

/**
 * The places a kept page holds a stranger's parts, and how a visitor's are put there: the same
 * handlers run in Cloudflare's HTMLRewriter on the Worker and in html-rewriter-wasm (the same
 * lol-html) on Node; Node's kept pages go faster through a template cut at these places
 * (kept-template.ts), tested to give the same bytes. Nothing filled in is a script, so the page's
 * CSP hashes hold.
 */
export interface StitchElement {
  setAttribute(name: string, value: string): unknown;
  removeAttribute(name: string): unknown;
  append(content: string, options?: { html: boolean }): unknown;
  prepend(content: string, options?: { html: boolean }): unknown;
  setInnerContent(content: string, options?: { html: boolean }): unknown;
}

export interface StitchHandler {
  element(element: StitchElement): void;
}

/** The places, by the selectors both rewriters read. */
export const SLOTS = {
  cart: 'a[data-cart-badge]',
  banner: 'section[data-consent-banner]',
  consentCurrent: 'span[data-consent-current]',
  main: 'main#main',
} as const;

/** What each place gets for a visitor. */
export function stitchHandlers(fills: VisitorFills): Array<[selector: string, handler: StitchHandler]> {
  const html = { html: true };
  return [
    [
      SLOTS.cart,
      {
        element(a) {
          a.setAttribute('aria-label', fills.cartLabel);
          if (fills.cartCountHtml) a.append(fills.cartCountHtml, html);
        },
      },
    ],
    [
      SLOTS.banner,
      { element: (section) => (fills.consentHidden ? section.setAttribute('hidden', '') : section.removeAttribute('hidden')) },
    ],
    [SLOTS.consentCurrent, { element: (span) => span.setInnerContent(fills.consentCurrentHtml, html) }],
    [SLOTS.main, { element: (main) => fills.flashHtml && main.prepend(fills.flashHtml, html) }],
  ];
}
