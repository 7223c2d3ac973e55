import { hreflangOf, marketHref, markets, regionOfMarket, type Market } from '#shared/market/market.ts';
import { currencyByRegion, currencySymbol } from '#shared/region/region.ts';

export interface MarketLinksProps {
  /** The market of the page. */
  market: Market;
  /** The page's own path and query, without the market's prefix. */
  here: string;
  placement: 'header' | 'menu';
}

/**
 * The region selector of a market's page: real links to the same page in each market, so it works
 * without JavaScript and crawlers follow it; src/client/region/selectors.ts saves the pick as the
 * visitor's choice when it is clicked.
 */
export function MarketLinks({ market, here, placement }: MarketLinksProps) {
  return (
    <nav aria-label="Region" className={placement === 'menu' ? 'flex items-center justify-between gap-3' : ''}>
      {placement === 'menu' && <span className="text-sm font-medium">Region</span>}
      <ul className={`flex items-center gap-1 text-sm ${placement === 'header' ? 'w-30 justify-end' : ''}`}>
        {markets.map((m) => {
          const region = regionOfMarket[m];
          const currency = currencyByRegion[region];
          return (
            <li key={m}>
              <a
                href={marketHref(m, here)}
                hrefLang={hreflangOf[m]}
                data-market-link={region}
                aria-current={m === market ? 'true' : undefined}
                aria-label={`${region} (${currency})`}
                className="block rounded-md border border-transparent px-1.5 py-1 text-stone-50 hover:border-stone-500 aria-[current]:border-stone-300 aria-[current]:font-semibold focus-visible:outline-2 focus-visible:outline-white"
              >
                {`${region} ${currencySymbol[currency]}`}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
