import { createContext, useContext } from 'react';
import { isMarket, marketHref, type Market } from '#shared/market/market.ts';

/**
 * The market of the page being rendered (/gb, /eu, /us) or null on a bare address. The server
 * provides it to the page and to each island it renders; the client entry provides the page's own
 * (<html data-market>) to every island it hydrates, so links render the same on both sides.
 */
export const MarketContext = createContext<Market | null>(null);

/** Turns a site path into this page's market's address of it (unchanged on a bare page). */
export function useHref(): (path: string) => string {
  const market = useContext(MarketContext);
  return (path) => marketHref(market, path);
}

/** The page's market, in the browser (outside React: fetches, history, the entry). */
export function pageMarket(): Market | null {
  const value = document.documentElement.dataset.market;
  return isMarket(value) ? value : null;
}

/** A site path in the page's market, for code outside React (fetch, history.replaceState). */
export function pageHref(path: string): string {
  return marketHref(pageMarket(), path);
}
