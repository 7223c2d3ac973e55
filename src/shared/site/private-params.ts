/**
 * Query parameters that open something private: a Checkout Session (/thank-you?session_id=) and an
 * order page's secret (/orders/…?token=). They never reach analytics or stay in the address bar.
 */
export const PRIVATE_PARAMS: readonly string[] = ['session_id', 'token'];

/** A search part ('' or '?…') without the private parameters; '' when nothing else is left. */
export function publicSearch(search: string): string {
  const params = new URLSearchParams(search);
  if (!PRIVATE_PARAMS.some((name) => params.has(name))) return search;
  for (const name of PRIVATE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
