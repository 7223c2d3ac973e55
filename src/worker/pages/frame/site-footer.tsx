import { site } from '../../../shared/site';

/** The year for the copyright line, read when the page renders. */
const currentYear = () => new Date().getUTCFullYear();

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-800 bg-stone-900 text-stone-300">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm">
        <p className="font-semibold text-stone-50">{site.brand}</p>
        <p className="mt-2 max-w-prose">{site.tagline}</p>
        <p className="mt-6">
          © {currentYear()} {site.brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
