import CartBadge from '#client/islands/CartBadge.tsx';
import DesktopNav from '#client/islands/DesktopNav.tsx';
import MobileMenu from '#client/islands/MobileMenu.tsx';
import PromoStrip from '#client/islands/PromoStrip.tsx';
import { itemCount } from '#shared/cart/cart.ts';
import { promoMessages } from '#shared/site/promotions.ts';
import { site } from '#shared/site/brand.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { RegionSelectorSlot, useRegionSelectorConfig } from './region-selector-slot';

export function SiteHeader() {
  const { path, cart } = useRequestInfo();
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
          <Island name="CartBadge" component={CartBadge} props={{ count: itemCount(cart) }} />
          <div className="lg:hidden">
            <Island name="MobileMenu" component={MobileMenu} props={{ path, regionSelector: useRegionSelectorConfig() }} />
          </div>
        </div>
      </div>
    </header>
  );
}
