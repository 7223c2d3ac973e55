import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '#worker/base/settings.ts';

describe('settings', () => {
  it('gives a bare Node machine working defaults', () => {
    const s = parseSettings({}, 'node');
    expect(s.TURSO_DATABASE_URL).toBe('file:.data/shop.db');
    expect(s.PORT).toBe(8787);
    expect(s.SITE_URL).toBe('http://localhost:8787');
    expect(s.POSTMARK_SERVER_TOKEN).toBeUndefined();
    expect(s.LOG_LEVEL).toBe('info');
  });

  it('turns browser geolocation on and points region detection at the spec services by default', () => {
    const s = parseSettings({}, 'node');
    expect(s.REGION_GEOLOCATION).toBe('on');
    expect(s.REVERSE_GEOCODE_URL).toBe('https://api.bigdatacloud.net/data/reverse-geocode-client');
    expect(s.IP_LOOKUP_URL).toBe('https://ipapi.co/json/');
    expect(parseSettings({ REGION_GEOLOCATION: 'off' }, 'node').REGION_GEOLOCATION).toBe('off');
    expect(() => parseSettings({ REGION_GEOLOCATION: 'maybe' }, 'node')).toThrow(/REGION_GEOLOCATION/);
    expect(() => parseSettings({ IP_LOOKUP_URL: 'ftp://x.example' }, 'node')).toThrow(/IP_LOOKUP_URL/);
    expect(() => parseSettings({ REVERSE_GEOCODE_URL: 'nope' }, 'node')).toThrow(/REVERSE_GEOCODE_URL/);
  });

  it('coerces numbers and treats empty strings as unset', () => {
    const s = parseSettings({ PORT: '9000', POSTMARK_SERVER_TOKEN: '  ', GTM_ID: '' }, 'node');
    expect(s.PORT).toBe(9000);
    expect(s.POSTMARK_SERVER_TOKEN).toBeUndefined();
    expect(s.GTM_ID).toBeUndefined();
  });

  it('waits 3 s for a person to fill the contact form unless told otherwise; 0 turns the check off', () => {
    expect(parseSettings({}, 'node').CONTACT_MIN_FILL_MS).toBe(3000);
    expect(parseSettings({ CONTACT_MIN_FILL_MS: '0' }, 'node').CONTACT_MIN_FILL_MS).toBe(0);
    expect(() => parseSettings({ CONTACT_MIN_FILL_MS: '-1' }, 'node')).toThrow(/CONTACT_MIN_FILL_MS/);
    expect(() => parseSettings({ CONTACT_MIN_FILL_MS: 'soon' }, 'node')).toThrow(/CONTACT_MIN_FILL_MS/);
  });

  it('turns Turnstile on with both keys, off with neither, and refuses one without the other', () => {
    const off = parseSettings({}, 'node');
    expect([off.TURNSTILE_SITE_KEY, off.TURNSTILE_SECRET_KEY]).toEqual([undefined, undefined]);
    expect(off.TURNSTILE_VERIFY_URL).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(parseSettings({ TURNSTILE_SITE_KEY: '0x4AAA-b_c', TURNSTILE_SECRET_KEY: '0x4AAAsecret' }, 'node').TURNSTILE_SITE_KEY).toBe(
      '0x4AAA-b_c',
    );
    expect(() => parseSettings({ TURNSTILE_SITE_KEY: '0x4AAA' }, 'node')).toThrow(/TURNSTILE_SECRET_KEY: set both/);
    expect(() => parseSettings({ TURNSTILE_SECRET_KEY: '0x4AAA' }, 'node')).toThrow(/TURNSTILE_SITE_KEY: set both/);
    expect(() => parseSettings({ TURNSTILE_SITE_KEY: '"><script>', TURNSTILE_SECRET_KEY: 'x' }, 'node')).toThrow(/TURNSTILE_SITE_KEY/);
  });

  it('requires a network database URL on the edge', () => {
    expect(() => parseSettings({}, 'edge')).toThrow(/TURSO_DATABASE_URL/);
    expect(() => parseSettings({ TURSO_DATABASE_URL: 'file:x.db' }, 'edge')).toThrow(/cannot be used on the edge/);
    expect(parseSettings({ TURSO_DATABASE_URL: 'libsql://shop.turso.io' }, 'edge').TURSO_DATABASE_URL).toBe('libsql://shop.turso.io');
  });

  it('names every bad variable at once', () => {
    try {
      parseSettings({ PORT: 'eighty', SITE_URL: 'not a url', CONTACT_TO_EMAIL: 'nobody', GTM_ID: 'UA-1' }, 'node');
      expect.unreachable('parseSettings should throw');
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      const problems = (err as SettingsError).problems.join('\n');
      for (const name of ['PORT', 'SITE_URL', 'CONTACT_TO_EMAIL', 'GTM_ID']) expect(problems).toContain(name);
      expect((err as SettingsError).problems).toHaveLength(4);
    }
  });

  it('takes an https review widget script, or none', () => {
    expect(parseSettings({}, 'node').REVIEWS_WIDGET_URL).toBeUndefined();
    expect(parseSettings({ REVIEWS_WIDGET_URL: ' ' }, 'node').REVIEWS_WIDGET_URL).toBeUndefined();
    expect(parseSettings({ REVIEWS_WIDGET_URL: 'https://widget.example/w.js' }, 'node').REVIEWS_WIDGET_URL).toBe(
      'https://widget.example/w.js',
    );
    expect(() => parseSettings({ REVIEWS_WIDGET_URL: 'http://widget.example/w.js' }, 'node')).toThrow(/REVIEWS_WIDGET_URL/);
  });

  it('takes a Stripe secret key or none, and points the client at Stripe unless told otherwise', () => {
    const none = parseSettings({ STRIPE_SECRET_KEY: '' }, 'node');
    expect(none.STRIPE_SECRET_KEY).toBeUndefined();
    expect(none.STRIPE_API_URL).toBe('https://api.stripe.com');
    expect(parseSettings({ STRIPE_SECRET_KEY: 'sk_live_abc123' }, 'node').STRIPE_SECRET_KEY).toBe('sk_live_abc123');
    expect(() => parseSettings({ STRIPE_SECRET_KEY: 'pk_live_abc123' }, 'node')).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('rejects unknown log levels and out-of-range ports', () => {
    expect(() => parseSettings({ LOG_LEVEL: 'loud' }, 'node')).toThrow(/LOG_LEVEL/);
    expect(() => parseSettings({ PORT: '70000' }, 'node')).toThrow(/PORT/);
  });
});

describe('SITE_URL on Node', () => {
  it('follows PORT when unset, so canonical links and the sitemap name the port the shop answers on', () => {
    expect(parseSettings({ PORT: '39601' }, 'node').SITE_URL).toBe('http://localhost:39601');
    expect(parseSettings({ PORT: '0' }, 'node').SITE_URL).toBe('http://localhost:8787');
    expect(parseSettings({ PORT: '39601', SITE_URL: 'https://shop.example' }, 'node').SITE_URL).toBe('https://shop.example');
    expect(parseSettings({ PORT: '39601', TURSO_DATABASE_URL: 'libsql://x.turso.io' }, 'edge').SITE_URL).toBe('http://localhost:8787');
  });
});
