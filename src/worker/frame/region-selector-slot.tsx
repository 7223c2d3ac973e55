import { MarketLinks } from '#client/components/market-links.tsx';
import { RegionSelect } from '#client/components/region-select.tsx';
import type { Market } from '#shared/market/market.ts';
import type { DetectionConfig } from '#client/region/detect.ts';
import type { Region } from '#shared/region/region.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/**
 * What the mobile menu's region selector needs from this request: the region the server rendered in,
 * and on a market's page the market and the page's path (its selector is links to the other markets).
 */
export interface RegionSelectorConfig {
  region: Region;
  market?: { market: Market; here: string };
}

export function useRegionSelectorConfig(): RegionSelectorConfig {
  const { region, market, path, search } = useRequestInfo();
  return { region: region.region, ...(market ? { market: { market, here: path + search } } : {}) };
}

/** What the browser's region detection needs (the entry reads it from #region-detection; no island has to hydrate for it). */
export function useDetectionConfig(): DetectionConfig {
  const { region, settings } = useRequestInfo();
  return {
    country: region.country,
    geolocation: settings.REGION_GEOLOCATION === 'on',
    reverseGeocodeUrl: settings.REVERSE_GEOCODE_URL,
    ipLookupUrl: settings.IP_LOOKUP_URL,
  };
}

/**
 * The header's region selector: plain server HTML (no island), bound by
 * src/client/region/selectors.ts. The mobile menu's only exists while its dialog is open, so the
 * MobileMenu island renders its own from `useRegionSelectorConfig()` (its `regionSelector` prop).
 */
export function RegionSelectorSlot({ placement }: { placement: 'header' | 'menu' }) {
  const { region, market, path, search } = useRequestInfo();
  if (market) return <MarketLinks market={market} here={path + search} placement={placement} />;
  return <RegionSelect region={region.region} placement={placement} />;
}
