import { site } from '../../../shared/site';
import MobileMenu from '../../../client/islands/MobileMenu';
import { Island } from '../../render/island';
import { primaryNav } from './nav-links';

export function SiteHeader({ path }: { path: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-800 bg-stone-900 text-stone-50">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <a href="/" className="text-lg font-bold tracking-tight">
          {site.brand}
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex gap-6 text-sm font-medium">
            {primaryNav.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={path === link.href ? 'page' : undefined}
                  className="hover:text-red-400 aria-[current=page]:text-red-400"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3">
          <a href="/cart" aria-label="Cart" className="rounded p-2 hover:bg-stone-800">
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="9" cy="21" r="1" />
              <circle cx="20" cy="21" r="1" />
              <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
            </svg>
          </a>
          <Island name="MobileMenu" component={MobileMenu} props={{ links: [...primaryNav], path }} />
        </div>
      </div>
    </header>
  );
}
