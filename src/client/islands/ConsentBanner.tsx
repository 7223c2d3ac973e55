import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { shouldAskConsent, type ConsentChoice } from '#shared/site/consent.ts';
import type { Region } from '#shared/region/region.ts';
import { saveConsent, storedConsent, subscribeConsent } from '../consent';
import { toast } from '../toast-store';

export interface ConsentBannerProps {
  region: Region;
}

/**
 * Asks UK/EU visitors about analytics and advertising cookies until they choose; anyone can
 * reopen it with a [data-open-consent] button (footer). A fixed bar: the page does not move.
 */
export default function ConsentBanner({ region }: ConsentBannerProps) {
  // undefined while hydrating (the server cannot know), then the stored choice or null.
  const current = useSyncExternalStore(subscribeConsent, storedConsent, () => undefined);
  const [reopened, setReopened] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = reopened || (current !== undefined && shouldAskConsent(region, current));

  useEffect(() => {
    const reopen = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest('[data-open-consent]')) {
        setReopened(true);
        requestAnimationFrame(() => heading.current?.focus());
      }
    };
    document.addEventListener('click', reopen);
    return () => document.removeEventListener('click', reopen);
  }, []);

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    setReopened(false);
    toast({
      title: 'Cookie preferences saved',
      description: choice === 'granted' ? 'Analytics cookies are on.' : 'Only essential cookies are used.',
    });
  };

  if (!open) return null;
  return (
    <section aria-labelledby="consent-heading" className="consent-banner" data-consent-banner="">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="text-sm">
          <h2 id="consent-heading" ref={heading} tabIndex={-1} className="font-semibold text-stone-50">
            Cookies and analytics
          </h2>
          <p className="mt-1 text-stone-300">
            We use analytics cookies to understand which training gear helps shooters most. Essential cookies (your region) are always on.{' '}
            <a href="/privacy-policy" className="underline">
              Privacy Policy
            </a>
            {current && <span className="ml-1">Current choice: {current === 'granted' ? 'accepted' : 'rejected'}.</span>}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => choose('denied')}>
            Reject
          </button>
          <button type="button" className="btn btn-primary" onClick={() => choose('granted')}>
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
