import { CAMPAIGN_STORAGE_KEY, campaignFromSearch, hasCampaign, parseStoredCampaign, type CampaignParams } from '#shared/site/campaign.ts';

let current: CampaignParams = {};

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch (err) {
    console.warn('sessionStorage unavailable', err);
    return null;
  }
}

/**
 * Parameters in the URL replace the stored set (saved for the session); without any,
 * the session's stored set is restored. Called on load and on back/forward navigation.
 */
export function captureCampaign(search: string = location.search): CampaignParams {
  const fromUrl = campaignFromSearch(search);
  const store = storage();
  if (hasCampaign(fromUrl)) {
    current = fromUrl;
    try {
      store?.setItem(CAMPAIGN_STORAGE_KEY, JSON.stringify(fromUrl));
    } catch (err) {
      console.warn('could not save campaign parameters', err);
    }
  } else {
    current = parseStoredCampaign(store?.getItem(CAMPAIGN_STORAGE_KEY) ?? null);
  }
  return current;
}

export function getCampaign(): CampaignParams {
  return current;
}
