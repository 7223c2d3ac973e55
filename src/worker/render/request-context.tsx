import { createContext, useContext } from 'react';
import type { CartLine } from '#shared/cart/cart.ts';
import type { Market } from '#shared/market/market.ts';
import type { ResolvedRegion } from '#shared/region/region.ts';
import type { ConsentChoice } from '#shared/visitor/consent.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { FlashNotice } from '#worker/http/flash-cookie.ts';

/** What server components may read about the request they render for. */
export interface RequestInfo {
  region: ResolvedRegion;
  /** The market of the address (/gb, /eu, /us), or null on a bare one. */
  market: Market | null;
  /** The page's path without the market's prefix. */
  path: string;
  /** Search part of the URL, '' or starting with '?'. */
  search: string;
  nonce: string;
  /** The visitor's cookie choice from the consent cookie (null: not chosen, or chosen only in localStorage). */
  consent: ConsentChoice | null;
  settings: Settings;
  /** The visitor's cart as this request leaves it. */
  cart: readonly CartLine[];
  /** What the redirect that brought the visitor here left to say (http/flash-cookie.ts), shown once. */
  flash: FlashNotice | null;
}

export const RequestInfoContext = createContext<RequestInfo | null>(null);

export function useRequestInfo(): RequestInfo {
  const info = useContext(RequestInfoContext);
  if (!info) throw new Error('useRequestInfo outside the document renderer');
  return info;
}
