import RegionSelector, { type RegionSelectorConfig } from '#client/islands/RegionSelector.tsx';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/** What a region selector needs from this request: the server's region and country, and the detection settings. */
export function useRegionSelectorConfig(): RegionSelectorConfig {
  const { region, settings } = useRequestInfo();
  return {
    region: region.region,
    country: region.country,
    geolocation: settings.REGION_GEOLOCATION === 'on',
    reverseGeocodeUrl: settings.REVERSE_GEOCODE_URL,
    ipLookupUrl: settings.IP_LOOKUP_URL,
  };
}

/**
 * The region selector island where the frame places it in server markup (the desktop header).
 * The mobile menu's content only exists while its dialog is open, so the MobileMenu island renders
 * its own instance from `useRegionSelectorConfig()` passed as its `regionSelector` prop.
 */
export function RegionSelectorSlot({ placement }: { placement: 'header' | 'menu' }) {
  return <Island name="RegionSelector" component={RegionSelector} props={{ placement, ...useRegionSelectorConfig() }} />;
}
