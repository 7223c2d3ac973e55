/** Cloudflare Turnstile's origin: its script and its challenge frame (the CSP allows it only while Turnstile is on). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** Explicit rendering: the contact form island puts the widget in its own container once hydrated. */
export const TURNSTILE_SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`;
/** The id of that script element, so the island can wait for it to load. */
export const TURNSTILE_SCRIPT_ID = 'turnstile-api';
/** Implicit rendering: the script fills each `.cf-turnstile` element of a server-rendered form (the review form has no island). */
export const TURNSTILE_IMPLICIT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;
