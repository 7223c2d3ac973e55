import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

const baseHeaders = secureHeaders({
  strictTransportSecurity: false, // added below, only over https
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: 'same-origin',
  permissionsPolicy: {
    geolocation: ['self'],
    camera: [],
    microphone: [],
    payment: [],
    usb: [],
  },
});

/** A fresh CSP nonce for every request; every script the page carries must present it. */
export function contentSecurityPolicy(scriptNonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${scriptNonce}'`,
    // Radix primitives and React set style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const value = nonce();
  c.set('nonce', value);
  await baseHeaders(c, async () => {
    await next();
  });
  c.header('Content-Security-Policy', contentSecurityPolicy(value));
  const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '');
  if (proto === 'https') c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
};
