import type { Context, MiddlewareHandler } from 'hono';
import type { CartLine } from '#shared/cart/cart.ts';
import type { ResolvedRegion } from '#shared/region/region.ts';
import type { Db } from './db/client';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import type { Runtime, Settings } from './settings';

/** Everything the app needs from its runtime; the two entries build this and nothing else differs. */
export interface AppDeps {
  runtime: Runtime;
  settings: Settings;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** The visitor's country as the runtime knows it (cf.country on the edge, CF-IPCountry on Node). */
  countryOf: (request: Request) => string | null | undefined;
  /** The visitor's network address (CF-Connecting-IP on the edge; the socket or a proxy header on Node). */
  senderAddressOf: (c: Context<AppEnv>) => string | undefined;
  /** Serves built client files (Node); on the edge Workers Static Assets do this before the Worker. */
  staticFiles?: MiddlewareHandler;
  /** Compresses answers (Node); on the edge Cloudflare compresses in front of the Worker. */
  compression?: MiddlewareHandler;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    /** Logger carrying the request id. */
    log: Logger;
    nonce: string;
    region: ResolvedRegion;
    /** The visitor's cart, read from its cookie once per request (middleware/cart.ts). */
    cart: CartLine[];
  };
}
