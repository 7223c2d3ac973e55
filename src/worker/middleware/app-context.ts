import type { OrderMailParts } from '#worker/orders/order-deps.ts';
import type { AfterSaleListeners } from '#worker/after-sale/after-sale-listeners.ts';
import type { Context, MiddlewareHandler } from 'hono';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import type { Db } from '#worker/db/client.ts';
import type { ReadCache } from '#worker/db/read-cache/read-cache.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Mailer } from '#worker/mail/mailer.ts';
import type { ContactSpool } from '#worker/base/contact-spool-contract.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import type { CartVariables } from '#worker/middleware/cart/cart-middleware.ts';
import type { InjectDepsVariables } from '#worker/middleware/inject-deps/inject-deps-middleware.ts';
import type { PageCacheVariables } from '#worker/middleware/page-cache/page-cache-middleware.ts';
import type { ReadsVariables } from '#worker/middleware/reads/reads-middleware.ts';
import type { RegionVariables } from '#worker/middleware/region/region-middleware.ts';
import type { RequestLogVariables } from '#worker/middleware/request-log/request-log-middleware.ts';
import type { SecurityHeadersVariables } from '#worker/middleware/security-headers/security-headers-middleware.ts';
import type { Runtime, Settings } from '#worker/base/settings.ts';
import type { Photos } from '#worker/photos/photo-store.ts';

/** Everything the app needs from its runtime; the two entries build this and nothing else differs. */
export interface AppDeps {
  runtime: Runtime;
  settings: Settings;
  db: Db;
  /** The one cache in front of the database reads pages make for visitors (never writes). */
  readCache: ReadCache;
  mailer: Mailer;
  /** Stripe when STRIPE_SECRET_KEY is set (checkoutGatewayFor, built once with the rest), else null: payment links only. */
  gateway: CheckoutGateway | null;
  /** What other features add to an order's mails (their step mails, confirmation lines): wiring/order-mail-wiring.ts. */
  orderMail: OrderMailParts;
  /** Who hears that an order's goods came back (Refer a Friend): wiring/after-sale-wiring.ts. */
  afterSale: AfterSaleListeners;
  log: Logger;
  /** The visitor's country as the runtime knows it (cf.country on the edge, CF-IPCountry on Node). */
  countryOf: (request: Request) => string | null | undefined;
  /** The visitor's network address (CF-Connecting-IP on the edge; the socket or a proxy header on Node). */
  senderAddressOf: (c: Context<AppEnv>) => string | undefined;
  /** Where writes tell what they changed (src/worker/changes/): the page cache and the reads drop it. */
  changes: ChangeFeed & { purgePending(): Promise<number> };
  /** The edge: each request's (and scheduled run's) own feed, whose purge reaches Workers Cache through its execution context. */
  changesIn?: (executionCtx: unknown) => AppDeps['changes'];
  /** Serves built client files (Node); on the edge Workers Static Assets do this before the Worker. */
  staticFiles?: MiddlewareHandler;
  /** Compresses answers (Node); on the edge Cloudflare compresses in front of the Worker. */
  compression?: MiddlewareHandler;
  /**
   * Where a contact message goes when the database cannot take it (Node: files the scheduled job saves;
   * the edge: a Cloudflare Queue its consumer saves); absent, such a message is refused as not saved.
   */
  contactSpool?: ContactSpool;
  /** The owner's uploaded photos (Node: a folder and sharp; the edge: R2 and Cloudflare Images); absent, uploads are refused. */
  photos?: Photos;
}

/** The context every route sees: what each middleware declares it sets, composed (src/worker/middleware/<name>/). */
export interface AppEnv {
  Variables: InjectDepsVariables<AppDeps> &
    RequestLogVariables &
    SecurityHeadersVariables &
    RegionVariables &
    PageCacheVariables &
    CartVariables &
    ReadsVariables;
}
