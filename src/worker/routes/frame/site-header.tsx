import DesktopNav from '#client/islands/DesktopNav.tsx';
import MobileMenu from '#client/islands/MobileMenu.tsx';
import PromoStrip from '#client/islands/PromoStrip.tsx';
import { promoMessages } from '#shared/site/promotions.ts';
import { site } from '#shared/site/brand.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { RegionSelectorSlot, useRegionSelectorConfig } from './region-selector-slot';

export function SiteHeader() {
  const { path } = useRequestInfo();
  return (
    <header className="sticky top-0 z-40 bg-stone-900 text-stone-50 shadow">
      <Island name="PromoStrip" component={PromoStrip} props={{ messages: promoMessages }} />
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <a href="/" className="text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-white">
          {site.brand}
        </a>
        <div className="hidden lg:block">
          <Island name="DesktopNav" component={DesktopNav} props={{ path }} />
        </div>
        <div className="flex items-center gap-2">
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
            <Island name="MobileMenu" component={MobileMenu} props={{ path, regionSelector: useRegionSelectorConfig() }} />
          </div>
        </div>
      </div>
    </header>
  );
}
