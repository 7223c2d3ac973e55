import { shouldAskConsent } from '#shared/visitor/consent.ts';
import { consentCurrentText } from '#shared/visitor/visitor-parts.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { WholeEnd } from './whole-end.tsx';
import { useHref } from '#ui/state/market-context.ts';
import { publicSearch } from '#shared/site/private-params.ts';

/**
 * Asks UK/EU visitors about analytics and advertising cookies until they choose. Plain HTML, no
 * React in the browser: without JavaScript the buttons post the choice to /consent (a cookie), and
 * with it src/client/frame/arm-consent-banner.ts saves it in place and lets the footer's "Cookie settings"
 * reopen the banner. Always in the page (hidden when not asking) so it can be reopened; a choice
 * only in localStorage hides it by CSS from the first paint (<html data-consent>, styles.css). A kept
 * page has it shown or hidden for its visitor as it is served (shared/visitor/visitor-parts.ts).
 * A fixed bar: the page does not move; painted only once whole (WholeEnd), so it never grows upwards.
 * On a phone it is compact (small print, its heading for screen readers, small buttons) so the
 * first screen above it still holds what a page is for (a product's Buy Now).
 */
export function ConsentBanner() {
  const to = useHref();
  const { region, consent, path, search } = useRequestInfo();
  const ask = shouldAskConsent(region.region, consent);
  return (
    <>
      <section aria-labelledby="consent-heading" className="consent-banner" data-consent-banner="" data-whole="" hidden={!ask}>
        <form
          method="post"
          action="/consent"
          data-consent-form=""
          className="mx-auto flex max-w-5xl flex-col gap-2 md:flex-row md:items-center md:justify-between md:gap-3"
        >
          {/* Back to this page, without what opens something private (a session id, an order's token). */}
          <input type="hidden" name="return" value={to(path) + publicSearch(search)} />
          <div className="text-xs md:text-sm">
            <h2 id="consent-heading" tabIndex={-1} className="font-semibold text-stone-50 max-md:sr-only max-md:focus:not-sr-only">
              Cookies and analytics
            </h2>
            <p className="text-stone-300 md:mt-1">
              We use analytics cookies to understand which training gear helps shooters most. Essential cookies (your region) are always on.{' '}
              <a href={to('/privacy-policy')} className="underline">
                Privacy Policy
              </a>
              <span className="ml-1" data-consent-current="">
                {consentCurrentText(consent)}
              </span>
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <button type="submit" name="choice" value="denied" className="btn btn-secondary max-md:py-1.5">
              Reject
            </button>
            <button type="submit" name="choice" value="granted" className="btn btn-primary max-md:py-1.5">
              Accept
            </button>
          </div>
        </form>
      </section>
      <WholeEnd />
    </>
  );
}
