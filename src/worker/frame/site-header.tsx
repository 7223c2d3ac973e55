import DesktopNav from '#ui/islands/DesktopNav.tsx';
import { itemCount } from '#shared/cart/cart.ts';
import { promoMessages } from '#shared/site/promotions.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import { site } from '#shared/site/brand.ts';
import { yourOrdersLink } from '#shared/site/navigation.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { CartBadge } from './cart-badge.tsx';
import { PromoStrip } from './promo-strip.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { RegionSelectorSlot } from './region-selector-slot.tsx';
import { useHref } from '#ui/state/market-context.ts';

/**
 * The header. Its row is a grid with fixed tracks so that nothing moves while the streamed HTML is
 * parsed: the logo is at the start, the desktop nav in a fixed middle track (about its own width,
 * its items from the track's start, so the first one stays put while the others arrive) between
 * two equal tracks, and the controls on the right take tracks whose sizes do not depend on siblings
 * that have not arrived.
 */
export function SiteHeader() {
  const to = useHref();
  const { path, cart, region } = useRequestInfo();
  return (
    <header className="sticky top-0 z-40 bg-stone-900 text-stone-50 shadow print:hidden">
      {/* No island: src/client/frame/arm-promo-strip.ts rotates it without React. */}
      <PromoStrip messages={promoMessages(currencyByRegion[region.region]).map((m) => (m.href ? { ...m, href: to(m.href) } : m))} />
      <div className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-4 px-4 lg:grid-cols-[1fr_18rem_1fr]">
        <a
          href={to('/')}
          className="justify-self-start whitespace-nowrap text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-white"
        >
          {site.brand}
        </a>
        <div className="hidden lg:block">
          {/* Interaction: links work as links; hovering, focusing or pressing a dropdown hydrates it and opens it. */}
          <Island name="DesktopNav" component={DesktopNav} props={{ path }} hydrate="interaction" />
        </div>
        <div className="col-start-3 grid h-10 grid-cols-[2.5rem_2.5rem] items-center justify-self-end gap-2 lg:grid-cols-[9rem_2.5rem_2.5rem]">
          <div className="hidden lg:block">
            <RegionSelectorSlot placement="header" />
          </div>
          {/* On a phone it is in the menu (and the footer): the row keeps room for the shop's name. */}
          <a
            href={to(yourOrdersLink.href)}
            aria-label={yourOrdersLink.label}
            title={yourOrdersLink.label}
            className="hidden rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white lg:block"
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M21 8l-9-5-9 5v8l9 5 9-5z" />
              <path d="M3 8l9 5 9-5M12 13v8" />
            </svg>
          </a>
          <CartBadge count={itemCount(cart)} />
          <div className="lg:hidden">
            {/* No island: src/client/frame/arm-mobile-menu.ts opens it on the first tap. */}
            <MobileMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
