import RegionSelector, { type RegionSelectorConfig } from '#client/islands/RegionSelector.tsx';
import type { DetectionConfig } from '#client/region/detect.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/** What a region selector needs from this request: the region the server rendered in. */
export function useRegionSelectorConfig(): RegionSelectorConfig {
  return { region: useRequestInfo().region.region };
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
 * The region selector island where the frame places it in server markup (the desktop header).
 * The mobile menu's content only exists while its dialog is open, so the MobileMenu island renders
 * its own instance from `useRegionSelectorConfig()` passed as its `regionSelector` prop.
 */
export function RegionSelectorSlot({ placement }: { placement: 'header' | 'menu' }) {
  // Idle: it must follow the region (detection, a saved choice, the other selector) in the same frame as every price.
  return <Island name="RegionSelector" component={RegionSelector} props={{ placement, ...useRegionSelectorConfig() }} hydrate="idle" />;
}
