import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { useRef } from 'react';
import { contactLink, isActive, productLinks, resourceLinks, type NavLink } from '#shared/site/navigation.ts';
import { useHref } from '#ui/state/market-context.ts';

export interface DesktopNavProps {
  path: string;
}

function Dropdown({ label, links, path }: { label: string; links: NavLink[]; path: string }) {
  const to = useHref();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <NavigationMenu.Item value={label}>
      <NavigationMenu.Trigger ref={trigger} className="nav-trigger group">
        {label}
        <svg
          aria-hidden="true"
          width="12"
          height="12"
          viewBox="0 0 12 12"
          className="transition-transform group-data-[state=open]:rotate-180"
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </NavigationMenu.Trigger>
      {/* Mounted while closed (hidden by CSS) so crawlers and no-JS visitors get the links. Hiding
          it would drop focus to the body on Escape, so focus goes back to the trigger first. */}
      <NavigationMenu.Content
        forceMount
        className="nav-dropdown data-[state=closed]:hidden"
        onKeyDown={(event) => {
          if (event.key === 'Escape') trigger.current?.focus();
        }}
      >
        <ul className="py-2">
          {links.map((link) => (
            <li key={link.href}>
              <NavigationMenu.Link asChild active={isActive(link.href, path) && link.href.split('?')[0] === path}>
                <a href={to(link.href)} className="nav-dropdown-link">
                  {link.label}
                </a>
              </NavigationMenu.Link>
            </li>
          ))}
        </ul>
      </NavigationMenu.Content>
    </NavigationMenu.Item>
  );
}

/**
 * Desktop navigation (Radix NavigationMenu): dropdowns open on hover and close on leave, at most
 * one open; Enter/Space toggle, arrows move, Escape closes and returns focus to the trigger.
 */
export default function DesktopNav({ path }: DesktopNavProps) {
  const to = useHref();
  return (
    <NavigationMenu.Root aria-label="Main" className="relative" delayDuration={0}>
      <NavigationMenu.List className="flex h-9 items-stretch gap-1 text-sm font-medium">
        <Dropdown label="Products" links={productLinks} path={path} />
        <Dropdown label="Resources" links={resourceLinks} path={path} />
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild active={isActive(contactLink.href, path)}>
            <a
              href={to(contactLink.href)}
              className="nav-trigger data-[active]:bg-red-700 data-[active]:text-white"
              aria-current={isActive(contactLink.href, path) ? 'page' : undefined}
            >
              {contactLink.label}
            </a>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
