import { consentCurrentText } from '#shared/visitor/visitor-parts.ts';
import { defaultConsent } from '#shared/visitor/consent.ts';
import { staticHead } from '#worker/render/head.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { useHref } from '#ui/state/market-context.ts';

/**
 * Cookie settings as a page of its own, so a choice can be changed as easily as it was made, with or
 * without JavaScript (the ICO: withdrawing consent must be as easy as giving it). The footer's link
 * comes here; with JavaScript it reopens the banner in place instead (arm-consent-banner.ts), and this
 * page's form, like the banner's, is saved in place.
 */
export const head = staticHead({
  path: '/cookie-settings',
  title: 'Cookie settings',
  description: 'Choose whether StrikePoint Training may use analytics cookies, and change your choice at any time.',
});

export function Page() {
  const to = useHref();
  const { consent, region } = useRequestInfo();
  const choice = consent ?? defaultConsent(region.region);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Cookie settings</h1>
      <p className="mt-4 text-stone-700">
        Essential cookies (your region, your cart) are always on: the shop does not work without them. Analytics cookies tell us which
        training gear helps shooters most; they are set only if you accept them.{' '}
        <a href={to('/privacy-policy')} className="underline">
          Privacy Policy
        </a>
      </p>
      <p className="mt-4 font-medium" data-consent-current="">
        {consentCurrentText(consent) || `Current choice: none yet (analytics ${choice === 'granted' ? 'on' : 'off'}).`}
      </p>
      <form method="post" action="/consent" data-consent-form="" className="mt-6 flex gap-3">
        <input type="hidden" name="return" value={to('/cookie-settings')} />
        <button type="submit" name="choice" value="denied" className="btn btn-secondary">
          Reject analytics cookies
        </button>
        <button type="submit" name="choice" value="granted" className="btn btn-primary">
          Accept analytics cookies
        </button>
      </form>
    </section>
  );
}
