import { MarketLinks } from '#ui/site/market-links.tsx';
import { RegionSelect } from '#ui/site/region-select.tsx';
import type { DetectionConfig } from '#ui/state/region-detect.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/**
 * What the browser's region detection needs (the entry reads it from #region-detection; no island has
 * to hydrate for it). A kept page is one page for every visitor of its market or region (a shared
 * cache keeps it whatever their country), so it names no country (its region carries none); a page
 * for one visitor (the cart, contact) names theirs.
 */
export function useDetectionConfig(): DetectionConfig {
  const { region, settings, market } = useRequestInfo();
  return {
    country: market ? null : region.country,
    geolocation: settings.REGION_GEOLOCATION === 'on',
    reverseGeocodeUrl: settings.REVERSE_GEOCODE_URL,
    ipLookupUrl: settings.IP_LOOKUP_URL,
  };
}

/**
 * The header's and the mobile menu's region selector: plain server HTML (no island), bound by
 * src/client/region/selectors.ts.
 */
export function RegionSelectorSlot({ placement }: { placement: 'header' | 'menu' }) {
  const { region, market, path, search } = useRequestInfo();
  if (market) return <MarketLinks market={market} here={path + search} placement={placement} />;
  return <RegionSelect region={region.region} placement={placement} />;
}
