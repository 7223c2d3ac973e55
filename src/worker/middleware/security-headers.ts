import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { paymentLinkOrigins } from '../../shared/catalogue/payment-link';
import type { AppEnv } from '../env';
import type { Settings } from '../settings';

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

/** The no-JS checkout form posts here and is redirected to the payment host; Chromium applies form-action to that redirect. */
const formTargets = ["'self'", ...paymentLinkOrigins()].join(' ');

/**
 * A fresh CSP nonce for every request; every script the page carries must present it. The review
 * widget's script origin is allowed only when the widget is configured.
 */
export function contentSecurityPolicy(scriptNonce: string, settings: Pick<Settings, 'REVIEWS_WIDGET_URL'>): string {
  const widget = settings.REVIEWS_WIDGET_URL ? ` ${new URL(settings.REVIEWS_WIDGET_URL).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${scriptNonce}'${widget}`,
    // Radix primitives and React set style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const value = nonce();
  c.set('nonce', value);
  await baseHeaders(c, async () => {
    await next();
  });
  c.header('Content-Security-Policy', contentSecurityPolicy(value, c.get('deps').settings));
  const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '');
  if (proto === 'https') c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
};
