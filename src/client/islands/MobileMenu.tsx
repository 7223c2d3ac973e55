import { useId, useState } from 'react';

export interface MobileMenuProps {
  links: Array<{ href: string; label: string }>;
  path: string;
}

/** The narrow-screen menu: a toggle and the site's links; choosing a link closes it. */
export default function MobileMenu({ links, path }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <div className="lg:hidden">
      <button
        type="button"
        className="rounded p-2 hover:bg-stone-800"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M3 6h18M3 12h18M3 18h18" />}
        </svg>
      </button>
      <nav id={menuId} aria-label="Mobile" hidden={!open} className="absolute inset-x-0 top-16 border-b border-stone-800 bg-stone-900">
        <ul className="flex flex-col px-4 py-2">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={path === link.href ? 'page' : undefined}
                className="block py-3 hover:text-red-400"
                onClick={() => setOpen(false)}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
