import { WholeEnd } from './whole-end.tsx';
import { customerServiceLinks, quickLinks, type NavLink } from '#shared/site/navigation.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import { SocialIcon } from './social-icon.tsx';
import { useHref } from '#ui/state/market-context.ts';

/** The year for the copyright line, read when the page renders. */
const currentYear = () => new Date().getUTCFullYear();

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  const to = useHref();
  const id = `footer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-stone-50">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <a href={to(link.href)} className="footer-link">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const to = useHref();
  return (
    <>
      <footer className="bg-stone-900 text-stone-300 print:hidden" data-whole="">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="text-lg font-bold text-stone-50">{site.brand}</p>
            <p className="mt-3 text-sm">{site.tagline}</p>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Social media">
              {shopInfo.social.map((s) => (
                <li key={s.network}>
                  <a href={s.url} aria-label={s.label} className="footer-social" rel="noopener noreferrer" target="_blank">
                    <SocialIcon network={s.network} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <LinkList title="Quick Links" links={quickLinks} />
          <LinkList title="Customer Service" links={customerServiceLinks} />
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-50">Contact</h2>
            <div className="mt-3 space-y-3 text-sm">
              {shopInfo.addresses.map((a) => (
                <address key={a.label} className="not-italic">
                  <span className="font-medium text-stone-100">{a.label}</span>
                  {a.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ))}
              <p>
                <a href={`tel:${shopInfo.phone.replace(/\s/g, '')}`} className="footer-link">
                  {shopInfo.phone}
                </a>
              </p>
              <p>
                <a href={`mailto:${shopInfo.email}`} className="footer-link">
                  {shopInfo.email}
                </a>
              </p>
              <p>{shopInfo.replyPromise}</p>
              <p>
                <a href={shopInfo.whatsappUrl} className="footer-link" rel="noopener noreferrer" target="_blank">
                  Chat with us on WhatsApp
                </a>
              </p>
            </div>
          </div>
        </div>
        <div className="border-t border-stone-800">
          <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-xs sm:flex-row sm:items-center sm:justify-between">
            <p>
              © {currentYear()} {site.brand}. All rights reserved.
            </p>
            {/* A page of its own without JavaScript; with it, the banner reopens in place (arm-consent-banner.ts). */}
            <a href={to('/cookie-settings')} data-open-consent="" className="footer-link self-start underline sm:self-auto">
              Cookie settings
            </a>
          </div>
        </div>
      </footer>
      <WholeEnd />
    </>
  );
}
