import { describe, expect, it } from 'vitest';
import {
  campaignFromSearch,
  campaignQueryString,
  hasCampaign,
  parseStoredCampaign,
  withCampaign,
} from '#shared/site/campaign.ts';
import { consentSignals, defaultConsent, isConsentChoice, shouldAskConsent } from '#shared/site/consent.ts';
import { customerServiceLinks, isActive, productLinks, quickLinks, resourceLinks } from '#shared/site/navigation.ts';
import { promoMessages, stepPromo, visiblePromos } from '#shared/site/promotions.ts';

describe('promotional strip', () => {
  it('has the 7 messages of the spec', () => {
    expect(promoMessages).toEqual([
      'Free Shipping in US, UK & EU',
      'Easy 14-Day Returns',
      '24/7 Support via chat, phone & email',
      'Used by 1,200+ shooters',
      'Subscribe & Save 5%',
      'Refer a Friend - Get 20 euros Off Each',
      'Exclusive Distributor for US, UK, FR',
    ]);
  });

  it('advances one at a time and wraps to the start after the last full view', () => {
    expect(stepPromo(0, 1, 7, 3)).toBe(1);
    expect(stepPromo(4, 1, 7, 3)).toBe(0);
    expect(stepPromo(0, -1, 7, 3)).toBe(4);
    expect(stepPromo(6, 1, 7, 1)).toBe(0);
    expect(stepPromo(0, -1, 7, 1)).toBe(6);
    expect(visiblePromos(promoMessages, 4, 3)).toEqual(promoMessages.slice(4, 7));
  });
});

describe('navigation', () => {
  it('has the spec links', () => {
    expect(productLinks.map((l) => l.href)).toEqual([
      '/products',
      '/products?category=pistols',
      '/products?category=rifles',
      '/products?category=targets',
    ]);
    expect(resourceLinks.map((l) => l.href)).toEqual(['/about', '/training-gun-digest', '/guides']);
    expect(quickLinks.map((l) => l.label)).toEqual([
      'Home',
      'Products',
      'New Arrivals',
      'Featured Products',
      'About',
      'Training Gun Digest',
      'Guides',
      'Contact',
    ]);
    expect(customerServiceLinks.map((l) => l.label)).toEqual([
      'Cart',
      'Shipping Policy',
      'Returns & Refunds',
      'FAQ',
      'Privacy Policy',
      'Terms of Service',
    ]);
  });

  it('marks the current section active', () => {
    expect(isActive('/contact', '/contact')).toBe(true);
    expect(isActive('/', '/contact')).toBe(false);
    expect(isActive('/', '/')).toBe(true);
    expect(isActive('/products?category=pistols', '/products')).toBe(true);
    expect(isActive('/guides', '/guides/x')).toBe(true);
    expect(isActive('/guides', '/guidesx')).toBe(false);
  });
});

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
    expect(withCampaign('https://buy.stripe.com/test_abc', params)).toBe(
      'https://buy.stripe.com/test_abc?utm_source=s&utm_campaign=c',
    );
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

describe('consent', () => {
  it('denies by default for UK and EU visitors and grants for US visitors', () => {
    expect(defaultConsent('UK')).toBe('denied');
    expect(defaultConsent('EU')).toBe('denied');
    expect(defaultConsent('US')).toBe('granted');
  });

  it('asks UK/EU visitors who have not chosen, nobody else', () => {
    expect(shouldAskConsent('EU', null)).toBe(true);
    expect(shouldAskConsent('UK', 'granted')).toBe(false);
    expect(shouldAskConsent('US', null)).toBe(false);
  });

  it('sets all four Consent Mode v2 signals', () => {
    expect(consentSignals('denied')).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
    expect(isConsentChoice('granted')).toBe(true);
    expect(isConsentChoice('yes')).toBe(false);
  });
});
