import { contactLink, isActive, resourceLinks, yourOrdersLink } from '#shared/site/navigation.ts';
import { useHref } from '#ui/state/market-context.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { RegionSelectorSlot } from './region-selector-slot.tsx';

const iconButton = 'rounded p-2 hover:bg-stone-800 focus-visible:outline-2 focus-visible:outline-white';

/** The toggle's picture: three bars while closed, a cross while open (CSS on the open <details>). */
function MenuIcon({ path, className }: { path: string; className: string }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className={className}
    >
      <path d={path} />
    </svg>
  );
}

/**
 * The narrow-screen menu: a native disclosure (<details>), so it opens on the first tap with or
 * without JavaScript (GOV.UK's pattern: the browser answers the tap, no script waited for). It drops
 * down under the header; the toggle stays in place and turns into a cross. Resources is a nested
 * disclosure. With JavaScript, src/client/frame/arm-mobile-menu.ts adds what a menu is expected to
 * do: Escape, a tap outside or choosing a link closes it, focus goes back to the toggle. Its region
 * selector is the header's plain one (bound by selectors.ts).
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
    <details className="mobile-menu-toggle group" data-menu="">
      <summary className={`${iconButton} block cursor-pointer list-none`} aria-label="Menu" aria-controls="mobile-menu" data-menu-open="">
        <MenuIcon path="M3 6h18M3 12h18M3 18h18" className="group-open:hidden" />
        <MenuIcon path="M6 6l12 12M18 6L6 18" className="hidden group-open:block" />
      </summary>
      <div id="mobile-menu" className="mobile-menu">
        <nav aria-label="Menu" className="px-2 py-2">
          <ul>
            <li>{link('/', 'Home')}</li>
            <li>{link('/products', 'Products')}</li>
            <li>
              <details open={resourcesOpen} className="group/resources">
                <summary className="mobile-link flex cursor-pointer list-none items-center justify-between">
                  Resources
                  <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="group-open/resources:rotate-180">
                    <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  </svg>
                </summary>
                <ul className="pl-4">
                  {resourceLinks.map((l) => (
                    <li key={l.href}>{link(l.href, l.label)}</li>
                  ))}
                </ul>
              </details>
            </li>
            <li>{link(contactLink.href, contactLink.label)}</li>
            <li>{link(yourOrdersLink.href, yourOrdersLink.label)}</li>
          </ul>
        </nav>
        <div className="border-t border-stone-700 px-4 py-4" data-region-slot="menu">
          <RegionSelectorSlot placement="menu" />
        </div>
      </div>
    </details>
  );
}
