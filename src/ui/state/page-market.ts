import { isMarket, marketHref, type Market } from '#shared/market/market.ts';

/** The page's market (<html data-market>), in the browser outside React: fetches, history, the entry. */
export function pageMarket(): Market | null {
  const value = document.documentElement.dataset.market;
  return isMarket(value) ? value : null;
}

/** A site path in the page's market, for code outside React (fetch, history.replaceState). */
export function pageHref(path: string): string {
  return marketHref(pageMarket(), path);
}
