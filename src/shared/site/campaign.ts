/** Campaign (UTM) parameters (utm_source, utm_medium, utm_campaign, utm_term, utm_content) and the query string appended at checkout. */

/** Session storage key holding the visit's campaign parameters as JSON. */
export const CAMPAIGN_STORAGE_KEY = 'utm_params';

export const campaignKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type CampaignKey = (typeof campaignKeys)[number];
export type CampaignParams = Partial<Record<CampaignKey, string>>;

/** The campaign parameters present (non-empty) in a query string. */
export function campaignFromSearch(search: string): CampaignParams {
  const params = new URLSearchParams(search);
  const found: CampaignParams = {};
  for (const key of campaignKeys) {
    const value = params.get(key)?.trim();
    if (value) found[key] = value.slice(0, 200);
  }
  return found;
}

export function hasCampaign(params: CampaignParams): boolean {
  return campaignKeys.some((k) => params[k]);
}

/** 'utm_source=x&utm_medium=y' in the fixed key order, '' when there are none. */
export function campaignQueryString(params: CampaignParams): string {
  const q = new URLSearchParams();
  for (const key of campaignKeys) if (params[key]) q.set(key, params[key]);
  return q.toString();
}

/** Appends campaign parameters to a URL (e.g. a payment link), keeping its own query. */
export function withCampaign(url: string, params: CampaignParams): string {
  const qs = campaignQueryString(params);
  if (!qs) return url;
  const u = new URL(url);
  for (const [k, v] of new URLSearchParams(qs)) u.searchParams.set(k, v);
  return u.toString();
}

/** Parses a stored set, dropping anything that is not a campaign key with a string value. */
export function parseStoredCampaign(json: string | null): CampaignParams {
  if (!json) return {};
  try {
    const data: unknown = JSON.parse(json);
    if (!data || typeof data !== 'object') return {};
    const out: CampaignParams = {};
    for (const key of campaignKeys) {
      const v = (data as Record<string, unknown>)[key];
      if (typeof v === 'string' && v) out[key] = v;
    }
    return out;
  } catch {
    return {};
  }
}
