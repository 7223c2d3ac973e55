import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, permissionsPolicy } from '#worker/middleware/security-headers/security-headers-middleware.ts';
import { parseSettings } from '#worker/base/settings.ts';

const connectSrc = (csp: string) => csp.split('; ').find((d) => d.startsWith('connect-src'));
const formAction = (csp: string) => csp.split('; ').find((d) => d.startsWith('form-action'));
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('content security policy', () => {
  it('lets the no-JS cart checkout reach the Stripe Checkout page only while Stripe is set up', () => {
    expect(formAction(contentSecurityPolicy({ nonce: 'n' }, parseSettings({}, 'node')))).not.toContain('checkout.stripe.com');
    const live = parseSettings({ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'node');
    expect(formAction(contentSecurityPolicy({ nonce: 'n' }, live))).toContain(' https://checkout.stripe.com');
    const emulated = parseSettings({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_URL: 'http://127.0.0.1:9002' }, 'node');
    expect(formAction(contentSecurityPolicy({ nonce: 'n' }, emulated))).toMatch(/ http:\/\/127\.0\.0\.1:9002$/);
  });

  it('allows the Turnstile script and frame only while both keys are set', () => {
    const off = contentSecurityPolicy({ nonce: 'n' }, parseSettings({}, 'node'));
    expect(off).not.toContain('challenges.cloudflare.com');
    expect(directive(off, 'frame-src')).toBeUndefined();
    const on = contentSecurityPolicy({ nonce: 'n' }, parseSettings({ TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' }, 'node'));
    expect(directive(on, 'script-src')).toMatch(/ https:\/\/challenges\.cloudflare\.com$/);
    expect(directive(on, 'frame-src')).toBe("frame-src 'self' https://challenges.cloudflare.com");
  });

  it('lets the browser call exactly the region services, by origin', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc' }, parseSettings({}, 'node'));
    expect(connectSrc(csp)).toBe("connect-src 'self' https://api.bigdatacloud.net https://ipapi.co");
  });

  it('follows the configured services and drops reverse-geocoding when geolocation is off', () => {
    const settings = parseSettings(
      { REVERSE_GEOCODE_URL: 'http://127.0.0.1:9001/reverse?key=k', IP_LOOKUP_URL: 'https://ip.example/json/' },
      'node',
    );
    expect(connectSrc(contentSecurityPolicy({ nonce: 'n' }, settings))).toBe("connect-src 'self' http://127.0.0.1:9001 https://ip.example");
    expect(connectSrc(contentSecurityPolicy({ nonce: 'n' }, { ...settings, REGION_GEOLOCATION: 'off' }))).toBe(
      "connect-src 'self' https://ip.example",
    );
  });

  it('names one origin once when both services share it', () => {
    const settings = parseSettings(
      { REVERSE_GEOCODE_URL: 'http://127.0.0.1:9001/reverse', IP_LOOKUP_URL: 'http://127.0.0.1:9001/ip' },
      'node',
    );
    expect(connectSrc(contentSecurityPolicy({ nonce: 'n' }, settings))).toBe("connect-src 'self' http://127.0.0.1:9001");
  });
});

describe('permissions policy', () => {
  it('lets only the site ask for the position, and nobody once geolocation is off', () => {
    expect(permissionsPolicy({ REGION_GEOLOCATION: 'on' })).toBe('geolocation=(self), camera=(), microphone=(), payment=(), usb=()');
    expect(permissionsPolicy({ REGION_GEOLOCATION: 'off' })).toBe('geolocation=(), camera=(), microphone=(), payment=(), usb=()');
  });

  it("allows a shared page's inline scripts by hash instead of a nonce, with strict-dynamic for what they load", () => {
    const csp = contentSecurityPolicy({ hashes: ["'sha256-abc='", "'sha256-def='"] }, parseSettings({}, 'node'));
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self' 'sha256-abc=' 'sha256-def=' 'strict-dynamic'");
    expect(csp).not.toContain('nonce-');
  });
});
