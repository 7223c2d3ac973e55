import { describe, expect, it } from 'vitest';
import { campaignFromSearch, campaignQueryString, hasCampaign, parseStoredCampaign, withCampaign } from '#shared/site/campaign.ts';

describe('campaign parameters', () => {
  it('reads the five keys from a query string, ignoring empty and other ones', () => {
    expect(campaignFromSearch('?utm_source=news&utm_medium=&x=1&utm_campaign=spring')).toEqual({
      utm_source: 'news',
      utm_campaign: 'spring',
    });
    expect(hasCampaign({})).toBe(false);
    expect(hasCampaign({ utm_term: 'laser' })).toBe(true);
  });

  it('builds the checkout query string in a fixed order and appends it to a payment link', () => {
    const params = { utm_campaign: 'c', utm_source: 's' };
    expect(campaignQueryString(params)).toBe('utm_source=s&utm_campaign=c');
    expect(campaignQueryString({})).toBe('');
    expect(withCampaign('https://buy.stripe.com/test_abc', params)).toBe('https://buy.stripe.com/test_abc?utm_source=s&utm_campaign=c');
    expect(withCampaign('https://pay.example/x?ref=1', { utm_source: 'a b' })).toBe('https://pay.example/x?ref=1&utm_source=a+b');
    expect(withCampaign('https://pay.example/x', {})).toBe('https://pay.example/x');
  });

  it('accepts only well-formed stored sets', () => {
    expect(parseStoredCampaign('{"utm_source":"a","evil":"x","utm_term":3}')).toEqual({ utm_source: 'a' });
    expect(parseStoredCampaign('not json')).toEqual({});
    expect(parseStoredCampaign(null)).toEqual({});
    expect(parseStoredCampaign('null')).toEqual({});
  });
});
