import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { PAYMENT_LINK_ORIGINS } from '#shared/catalogue/payment-links.ts';
import { TURNSTILE_ORIGIN } from '#shared/contact/turnstile.ts';
import type { InjectDepsVariables } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import type { Settings } from '#worker/base/settings.ts';
import { HSTS, isHttps } from '#worker/http/is-https.ts';

type HeaderSettings = Pick<
  Settings,
  | 'GTM_ID'
  | 'REVIEWS_WIDGET_URL'
  | 'REGION_GEOLOCATION'
  | 'REVERSE_GEOCODE_URL'
  | 'IP_LOOKUP_URL'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_API_URL'
  | 'TURNSTILE_SITE_KEY'
  | 'TURNSTILE_SECRET_KEY'
>;

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
  // Permissions-Policy depends on the settings: set below.
});

/** Only the site itself may ask for the visitor's position, and only while region geolocation is on. */
export function permissionsPolicy(settings: Pick<Settings, 'REGION_GEOLOCATION'>): string {
  const geolocation = settings.REGION_GEOLOCATION === 'on' ? '(self)' : '()';
  return `geolocation=${geolocation}, camera=(), microphone=(), payment=(), usb=()`;
}

const GTM_ORIGINS = ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * The third-party origins the browser's region detection calls: the IP lookup always (used when
 * the edge knows no country), the reverse-geocoding service only while geolocation is on.
 */
function regionServiceOrigins(settings: Pick<Settings, 'REGION_GEOLOCATION' | 'REVERSE_GEOCODE_URL' | 'IP_LOOKUP_URL'>): string[] {
  const urls = [settings.IP_LOOKUP_URL];
  if (settings.REGION_GEOLOCATION === 'on') urls.unshift(settings.REVERSE_GEOCODE_URL);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/** The no-JS checkout form posts here and is redirected to the payment host; Chromium applies form-action to that redirect. */
const formTargets = ["'self'", ...PAYMENT_LINK_ORIGINS];

/**
 * The cart's no-JS checkout is redirected to the Stripe Checkout page: Stripe's own host, or the
 * emulation's origin when STRIPE_API_URL points elsewhere (tests). Only while Stripe is set up.
 */
export function checkoutPageOrigins(settings: Pick<Settings, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): string[] {
  if (!settings.STRIPE_SECRET_KEY) return [];
  const api = new URL(settings.STRIPE_API_URL).origin;
  return [api === 'https://api.stripe.com' ? 'https://checkout.stripe.com' : api];
}

/**
 * A fresh CSP nonce for every request, which every script the page carries must present; or, for a
 * page a shared cache keeps (no response of its own to carry a nonce), the hashes of its inline
 * scripts. Either way 'strict-dynamic' trusts what those scripts load. Third-party origins are
 * allowed only when the setting that uses them is set.
 */
export function contentSecurityPolicy(scripts: { nonce: string } | { hashes: readonly string[] }, settings: HeaderSettings): string {
  const gtm = settings.GTM_ID ? GTM_ORIGINS : [];
  const widget = settings.REVIEWS_WIDGET_URL ? [new URL(settings.REVIEWS_WIDGET_URL).origin] : [];
  // Turnstile's script and its challenge frame, only while both keys are set.
  const turnstile = settings.TURNSTILE_SITE_KEY && settings.TURNSTILE_SECRET_KEY ? [TURNSTILE_ORIGIN] : [];
  return [
    "default-src 'self'",
    // 'strict-dynamic': browsers that know it trust only the nonce and what nonced scripts load (the
    // islands' imports, the GTM and widget loaders), ignoring the host list; older ones use the list.
    [
      "script-src 'self'",
      ...('nonce' in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes),
      "'strict-dynamic'",
      ...gtm.slice(0, 1),
      ...widget,
      ...turnstile,
    ].join(' '),
    // Radix primitives and React set style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...gtm].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...regionServiceOrigins(settings), ...gtm].join(' '),
    ...(turnstile.length > 0 ? [["frame-src 'self'", ...turnstile].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    ['form-action', ...formTargets, ...checkoutPageOrigins(settings)].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What securityHeaders sets: the request's CSP nonce, which every script the page carries presents;
 * `scriptHashes` is set instead by the renderer for a page a shared cache keeps.
 */
export type SecurityHeadersVariables = { nonce: string; scriptHashes: readonly string[] | undefined };

export function securityHeaders(): MiddlewareHandler<{
  Variables: SecurityHeadersVariables & InjectDepsVariables<{ settings: HeaderSettings }>;
}> {
  return async (c, next) => {
    const value = nonce();
    c.set('nonce', value);
    c.set('scriptHashes', undefined);
    // A page that keeps its address from other sites (the thank-you and order pages: no-referrer)
    // says so itself; the site-wide policy would otherwise overwrite it.
    let ownReferrerPolicy: string | null = null;
    await baseHeaders(c, async () => {
      await next();
      ownReferrerPolicy = c.res.headers.get('Referrer-Policy');
    });
    if (ownReferrerPolicy) c.header('Referrer-Policy', ownReferrerPolicy);
    const { settings } = c.get('deps');
    const hashes = c.get('scriptHashes');
    c.header('Content-Security-Policy', contentSecurityPolicy(hashes ? { hashes } : { nonce: value }, settings));
    c.header('Permissions-Policy', permissionsPolicy(settings));
    if (isHttps(c)) c.header('Strict-Transport-Security', HSTS);
  };
}
