import { createContext, useContext } from 'react';
import { marketHref, type Market } from '#shared/market/market.ts';
import { formatMarketDate } from '#shared/site/dates.ts';

/**
 * The market of the page being rendered (/gb, /eu, /us) or null on a bare address. The server
 * provides it to the page and to each island it renders; the client entry provides the page's own
 * (<html data-market>) to every island it hydrates, so links render the same on both sides. Kept
 * apart from market.ts, which the entry loads on every page without React.
 */
export const MarketContext = createContext<Market | null>(null);

/** Writes a day as this page's market does (shared/site/dates.ts). */
export function useMarketDate(): (isoDate: string) => string {
  const market = useContext(MarketContext);
  return (isoDate) => formatMarketDate(isoDate, market);
}

/** Turns a site path into this page's market's address of it (unchanged on a bare page). */
export function useHref(): (path: string) => string {
  const market = useContext(MarketContext);
  return (path) => marketHref(market, path);
}
