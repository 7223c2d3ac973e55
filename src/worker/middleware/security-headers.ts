import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';
import type { Settings } from '../settings';

type RegionSettings = Pick<Settings, 'REGION_GEOLOCATION' | 'REVERSE_GEOCODE_URL' | 'IP_LOOKUP_URL'>;

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The third-party origins the browser's region detection calls: the IP lookup always (used when
 * the edge knows no country), the reverse-geocoding service only while geolocation is on.
 */
export function regionServiceOrigins(settings: RegionSettings): string[] {
  const urls = [settings.IP_LOOKUP_URL];
  if (settings.REGION_GEOLOCATION === 'on') urls.unshift(settings.REVERSE_GEOCODE_URL);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/** A fresh CSP nonce for every request; every script the page carries must present it. */
export function contentSecurityPolicy(scriptNonce: string, settings: RegionSettings): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${scriptNonce}'`,
    // Radix primitives and React set style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...regionServiceOrigins(settings)].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Hardening headers and the CSP; the site itself may ask for the visitor's position only while geolocation is on. */
export function securityHeaders(settings: RegionSettings): MiddlewareHandler<AppEnv> {
  const baseHeaders = secureHeaders({
    strictTransportSecurity: false, // added below, only over https
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
    permissionsPolicy: {
      geolocation: settings.REGION_GEOLOCATION === 'on' ? ['self'] : [],
      camera: [],
      microphone: [],
      payment: [],
      usb: [],
    },
  });
  return async (c, next) => {
    const value = nonce();
    c.set('nonce', value);
    await baseHeaders(c, async () => {
      await next();
    });
    c.header('Content-Security-Policy', contentSecurityPolicy(value, settings));
    const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '');
    if (proto === 'https') c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
