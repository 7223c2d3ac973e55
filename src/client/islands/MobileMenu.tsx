import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { contactLink, isActive, resourceLinks } from '#shared/site/navigation.ts';
import type { Region } from '#shared/region/region.ts';
import { MarketLinks } from '../components/market-links';
import { RegionSelect } from '../components/region-select';
import type { Market } from '#shared/market/market.ts';
import { chooseRegion } from '../region/persist';
import { useRegion } from '../region/use-region';
import { useHref } from '#client/market-context.ts';

export interface MobileMenuProps {
  path: string;
  /** The region selector's config for this request (useRegionSelectorConfig on the server). */
  regionSelector: { region: Region; market?: { market: Market; here: string } };
}

/**
 * The narrow-screen menu (Radix Dialog: focus stays inside while open, Escape closes, focus returns
 * to the toggle). Resources is a collapsible group; choosing any link closes the menu.
 */
export default function MobileMenu({ path, regionSelector }: MobileMenuProps) {
  const to = useHref();
  const region = useRegion(regionSelector.region);
  const [open, setOpen] = useState(false);
  const [resourcesOpen, setResourcesOpen] = useState(resourceLinks.some((l) => isActive(l.href, path)));
  const close = () => setOpen(false);
  const link = (href: string, label: string) => (
    <a href={to(href)} onClick={close} aria-current={isActive(href, path) ? 'page' : undefined} className="mobile-link">
      {label}
    </a>
  );
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white" aria-label="Open menu">
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 6h18M3 12h18M3 18h18" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="mobile-menu" aria-describedby={undefined}>
          <div className="flex items-center justify-between border-b border-stone-700 px-4 py-3">
            <Dialog.Title className="text-base font-semibold">Menu</Dialog.Title>
            <Dialog.Close
              className="rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white"
              aria-label="Close menu"
            >
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="px-2 py-2">
            <ul>
              <li>{link('/', 'Home')}</li>
              <li>{link('/products', 'Products')}</li>
              <li>
                <button
                  type="button"
                  className="mobile-link flex w-full items-center justify-between"
                  aria-expanded={resourcesOpen}
                  aria-controls="mobile-resources"
                  onClick={() => setResourcesOpen((o) => !o)}
                >
                  Resources
                  <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className={resourcesOpen ? 'rotate-180' : ''}>
                    <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  </svg>
                </button>
                <ul id="mobile-resources" hidden={!resourcesOpen} className="pl-4">
                  {resourceLinks.map((l) => (
                    <li key={l.href}>{link(l.href, l.label)}</li>
                  ))}
                </ul>
              </li>
              <li>{link(contactLink.href, contactLink.label)}</li>
            </ul>
          </nav>
          <div className="border-t border-stone-700 px-4 py-4" data-region-slot="menu">
            {regionSelector.market ? (
              <MarketLinks {...regionSelector.market} placement="menu" />
            ) : (
              <RegionSelect region={region} placement="menu" onChoose={chooseRegion} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
