import { contactLink, isActive, resourceLinks, yourOrdersLink } from '#shared/site/navigation.ts';
import { useHref } from '#ui/state/market-context.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { RegionSelectorSlot } from './region-selector-slot.tsx';

const iconButton = 'rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white';

/**
 * The narrow-screen menu, in the page from the start: a native modal <dialog> that
 * src/client/frame/arm-mobile-menu.ts opens on the first tap without React (showModal: the rest of the page is
 * inert, Escape closes, focus goes back to the toggle). Resources is a collapsible group; choosing
 * any link closes the menu. Its region selector is the header's plain one (bound by selectors.ts).
 */
export function MobileMenu() {
  const to = useHref();
  const { path } = useRequestInfo();
  const resourcesOpen = resourceLinks.some((l) => isActive(l.href, path));
  const link = (href: string, label: string) => (
    <a href={to(href)} aria-current={isActive(href, path) ? 'page' : undefined} className="mobile-link">
      {label}
    </a>
  );
  return (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-controls="mobile-menu"
        data-menu-open=""
      >
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 6h18M3 12h18M3 18h18" />
        </svg>
      </button>
      <dialog id="mobile-menu" className="mobile-menu" aria-labelledby="mobile-menu-title">
        <div className="flex items-center justify-between border-b border-stone-700 px-4 py-3">
          <h2 id="mobile-menu-title" className="text-base font-semibold">
            Menu
          </h2>
          <button type="button" className={iconButton} aria-label="Close menu" data-menu-close="">
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile" className="px-2 py-2">
          <ul>
            <li>{link('/', 'Home')}</li>
            <li>{link('/products', 'Products')}</li>
            <li>
              <button
                type="button"
                className="mobile-link group flex w-full items-center justify-between"
                aria-expanded={resourcesOpen}
                aria-controls="mobile-resources"
                data-menu-group=""
              >
                Resources
                <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="group-aria-expanded:rotate-180">
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
            <li>{link(yourOrdersLink.href, yourOrdersLink.label)}</li>
          </ul>
        </nav>
        <div className="border-t border-stone-700 px-4 py-4" data-region-slot="menu">
          <RegionSelectorSlot placement="menu" />
        </div>
      </dialog>
    </>
  );
}
