import { site } from '../../../shared/site';

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-800 bg-stone-900 text-stone-300">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm">
        <p className="font-semibold text-stone-50">{site.brand}</p>
        <p className="mt-2 max-w-prose">{site.tagline}</p>
        <p className="mt-6">
          © {new Date().getUTCFullYear()} {site.brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
