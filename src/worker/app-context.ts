import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from './db/client';
import type { ReadCache } from './db/read-cache/read-cache';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import type { CartVariables } from './middleware/cart';
import type { InjectDepsVariables } from './middleware/inject-deps';
import type { ReadsVariables } from './middleware/reads';
import type { RegionVariables } from './middleware/region';
import type { RequestLogVariables } from './middleware/request-log';
import type { SecurityHeadersVariables } from './middleware/security-headers';
import type { Runtime, Settings } from './settings';

/** Everything the app needs from its runtime; the two entries build this and nothing else differs. */
export interface AppDeps {
  runtime: Runtime;
  settings: Settings;
  db: Db;
  /** The one cache in front of the database reads pages make for visitors (never writes). */
  readCache: ReadCache;
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

/** The context every route sees: what each middleware declares it sets, composed (src/worker/middleware/<name>/). */
export interface AppEnv {
  Variables: InjectDepsVariables<AppDeps> &
    RequestLogVariables &
    SecurityHeadersVariables &
    RegionVariables &
    CartVariables &
    ReadsVariables;
}
