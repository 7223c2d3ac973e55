import RegionSelector from '../../../client/islands/RegionSelector';
import { Island } from '../../render/island';
import { useRequestInfo } from '../../render/request-context';

/** The region selector island as the frame places it (desktop header, mobile menu), fed from the request. */
export function RegionSelectorSlot({ placement }: { placement: 'header' | 'menu' }) {
  const { region, settings } = useRequestInfo();
  return (
    <Island
      name="RegionSelector"
      component={RegionSelector}
      props={{
        placement,
        region: region.region,
        country: region.country,
        geolocation: settings.REGION_GEOLOCATION === 'on',
        reverseGeocodeUrl: settings.REVERSE_GEOCODE_URL,
        ipLookupUrl: settings.IP_LOOKUP_URL,
      }}
    />
  );
}
