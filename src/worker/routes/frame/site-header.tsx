import DesktopNav from '#client/islands/DesktopNav.tsx';
import MobileMenu from '#client/islands/MobileMenu.tsx';
import { promoMessages } from '#shared/site/promotions.ts';
import { site } from '#shared/site/brand.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { PromoStrip } from './promo-strip';
import { RegionSelectorSlot, useRegionSelectorConfig } from './region-selector-slot';

/**
 * The header. Its row is a grid with fixed tracks so that nothing moves while the streamed HTML is
 * parsed: the logo is at the start, the desktop nav centred between two equal tracks, and the
 * controls on the right take tracks whose sizes do not depend on siblings that have not arrived.
 */
export function SiteHeader() {
  const { path } = useRequestInfo();
  return (
    <header className="sticky top-0 z-40 bg-stone-900 text-stone-50 shadow">
      {/* No island: src/client/promo-strip.ts rotates it without React. */}
      <PromoStrip messages={promoMessages} />
      <div className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-4 px-4">
        <a href="/" className="justify-self-start text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-white">
          {site.brand}
        </a>
        <div className="hidden lg:block">
          {/* Interaction: links work as links; hovering, focusing or pressing a dropdown hydrates it and opens it. */}
          <Island name="DesktopNav" component={DesktopNav} props={{ path }} hydrate="interaction" />
        </div>
        <div className="col-start-3 grid grid-cols-[2.5rem_2.5rem] items-center justify-self-end gap-2 lg:grid-cols-[auto_2.5rem]">
          <div className="hidden lg:block">
            <RegionSelectorSlot placement="header" />
          </div>
          <a href="/cart" aria-label="Cart" className="rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white">
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="9" cy="21" r="1" />
              <circle cx="20" cy="21" r="1" />
              <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
            </svg>
          </a>
          <div className="lg:hidden">
            {/* Interaction: a closed menu is one button; the press that hydrates it opens it. */}
            <Island
              name="MobileMenu"
              component={MobileMenu}
              props={{ path, regionSelector: useRegionSelectorConfig() }}
              hydrate="interaction"
            />
          </div>
        </div>
      </div>
    </header>
  );
}
