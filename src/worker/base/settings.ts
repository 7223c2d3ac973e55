import { LOW_STOCK_AT_DEFAULT } from '#shared/catalogue/stock-level.ts';
import { z } from 'zod';
import { shopInfo } from '#shared/policy/shop-info.ts';

export type Runtime = 'node' | 'edge';

const optional = (schema: z.ZodString | z.ZodURL | z.ZodEmail) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** JSON text as its value, or the text itself when it is not JSON (the schema then says what is wrong). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const databaseUrl = z.string().refine((v) => /^(file|libsql|https?|wss?):/.test(v), 'must be a file:, libsql:, http(s): or ws(s): URL');

function settingsSchema(runtime: Runtime) {
  const fields = z.object({
    SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8787'),
    TURSO_DATABASE_URL:
      runtime === 'edge'
        ? databaseUrl.refine((v) => !v.startsWith('file:'), 'a file: database cannot be used on the edge')
        : databaseUrl.default('file:.data/shop.db'),
    TURSO_AUTH_TOKEN: optional(z.string()),
    DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    POSTMARK_SERVER_TOKEN: optional(z.string()),
    POSTMARK_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.postmarkapp.com'),
    /** The Postmark message stream the Digest's posts go through (a Broadcasts stream: kept apart from transactional mail). */
    POSTMARK_BROADCAST_STREAM: z.string().min(1).default('broadcast'),
    /** The password of Postmark's bounce and spam-complaint webhook (Basic auth, user `postmark`): unset, the webhook answers 404. */
    POSTMARK_WEBHOOK_SECRET: optional(z.string().min(16)),
    /** Postmark's Account API token: an erasure then asks Postmark to remove what it keeps of the address (unset: the step is listed). */
    POSTMARK_ACCOUNT_TOKEN: optional(z.string()),
    /** Give up on one Postmark request after this long (the message stays owed; the retry job tries again). */
    MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
    CONTACT_TO_EMAIL: z.email().default(shopInfo.email),
    CONTACT_FROM_EMAIL: z.email().default('no-reply@strikepoint-training.com'),
    /** Inbox told of every new order ("New order"); unset: CONTACT_TO_EMAIL. */
    ORDERS_TO_EMAIL: optional(z.email()),
    MAIL_OUTBOX_DIR: z.string().min(1).default('.data/outbox'),
    CONTACT_SPOOL_DIR: z.string().min(1).default('.data/contact-spool'),
    /** Node only: the owner's uploaded photos and their sizes (the Worker keeps them in the PHOTOS R2 bucket). */
    PHOTOS_DIR: z.string().min(1).default('.data/photos'),
    /** Contact messages one sender may save per 10 minutes; 0 turns the limit off. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(5),
    /** Confirmations one recipient address (normalised) may get per 24 hours; 0 turns the limit off. */
    CONTACT_RECIPIENT_LIMIT: z.coerce.number().int().min(0).max(10_000).default(3),
    /**
     * A contact message sent sooner than this after its form was rendered is taken for a bot: answered
     * as sent, not saved or mailed. 0 turns the check off.
     */
    CONTACT_MIN_FILL_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    /**
     * Key of the HMAC that turns addresses into rate-limit keys (an unkeyed hash of an IPv4 address is
     * reversed in hours) and signs the contact form's fill-time token. Unset: a random key per process
     * (per isolate on the Worker), so the limits restart with it and older tokens read as unknown; set
     * it on the Worker so every isolate counts alike.
     */
    RATE_LIMIT_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
    /**
     * Cloudflare Turnstile on the contact form: both keys set turn it on (the widget on /contact, each
     * message verified on the server); neither leaves the form as it is.
     */
    TURNSTILE_SITE_KEY: optional(z.string().regex(/^[\w-]+$/, 'must be a Turnstile site key')),
    TURNSTILE_SECRET_KEY: optional(z.string()),
    /** Turnstile's siteverify endpoint (tests point it at a local emulation). */
    TURNSTILE_VERIFY_URL: z.url({ protocol: /^https?$/ }).default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    /**
     * Node behind a proxy: the request header carrying the visitor's address, e.g. x-forwarded-for.
     * Unset: the socket's address. The edge always uses CF-Connecting-IP.
     */
    CLIENT_IP_HEADER: optional(z.string().regex(/^[A-Za-z0-9-]+$/, 'must be a header name')),
    /**
     * How many proxies of the operator's own append to CLIENT_IP_HEADER: the visitor is that many
     * entries from the right (what is left of it, the visitor could have written).
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    // Browser region detection: the reverse-geocoding and IP lookup services, and
    // whether to ask for the visitor's position at all (off: no permission prompt).
    REGION_GEOLOCATION: z.enum(['on', 'off']).default('on'),
    REVERSE_GEOCODE_URL: z.url({ protocol: /^https?$/ }).default('https://api.bigdatacloud.net/data/reverse-geocode-client'),
    IP_LOOKUP_URL: z.url({ protocol: /^https?$/ }).default('https://ipapi.co/json/'),
    GTM_ID: optional(z.string().regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')),
    /** Days after shipping that a buyer is invited to review what they bought (0: at the next scheduled run). */
    REVIEW_INVITE_DAYS: z.coerce.number().int().min(0).max(365).default(10),
    /** Third-party customer-review widget script (home and product pages); no widget when unset. */
    REVIEWS_WIDGET_URL: optional(z.url({ protocol: /^https$/ })),
    /** Stripe secret key (a Worker secret): with it a cart of several items pays in one Checkout Session; without it each line has its payment link. */
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')),
    /** Stripe API base (tests point it at a local emulation). */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")),
    /**
     * Stripe Tax (set up in the Dashboard first: registrations, origin address, product tax code): on,
     * sessions compute tax, UK/EU prices include VAT and US prices get sales tax added; pages say so.
     */
    STRIPE_TAX: z.enum(['on', 'off']).default('off'),
    /** The share of page views whose Web Vitals the browser reports to POST /vitals (0: none). */
    VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
    /** Reports one address may send per minute; more get 429 and are not stored. */
    VITALS_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
    /** Days of field data kept; the scheduled job deletes older rows. */
    VITALS_KEEP_DAYS: z.coerce.number().int().min(1).max(400).default(30),
    /** A product with this many units or fewer available shows Low Stock ("Only 3 left"); 0 is Out of Stock. */
    LOW_STOCK_AT: z.coerce.number().int().min(0).max(10_000).default(LOW_STOCK_AT_DEFAULT),
    /**
     * The owner's estimate of the import duties and taxes a parcel may owe on delivery to the US and to
     * the rest of the world, in words (carts to them, their Stripe page and the shipping policy say it).
     */
    /** The seller's VAT numbers (the UK entity's in Leeds, the EU one's in Vilnius): invoices print the one of their market when set. */
    VAT_NUMBER_GB: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Z0-9 ]{4,20}$/),
    ),
    VAT_NUMBER_LT: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Z0-9 ]{4,20}$/),
    ),
    /** The EU entity's legal name, when euro orders are sold by one (at the Vilnius address); unset: the UK company sells them. */
    LEGAL_NAME_LT: optional(z.string().trim().min(2).max(120)),
    DUTIES_ESTIMATE_US: z.string().trim().min(1).max(200).default('about 10% of the order’s value'),
    DUTIES_ESTIMATE_ROW: z.string().trim().min(1).max(200).default('set by the country of delivery, often 5–25% of the order’s value'),
    /** How long a cart's Checkout Session holds its units (Stripe's minimum is 30 minutes). */
    CHECKOUT_HOLD_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
    /** Cart checkouts one address may start per 10 minutes (then 429); 0 turns the limit off. */
    CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(10),
    /** Units one address may hold in open checkouts at once (then 429): no one holds the stock for free; 0 turns the cap off. */
    CHECKOUT_HOLD_UNITS: z.coerce.number().int().min(0).max(100_000).default(50),
    /**
     * The share of a product's units on hand (percent) that one address, and one network (an IPv4 /24,
     * an IPv6 /48), may hold in open checkouts at once, at least one unit (then 429): many addresses of
     * one network cannot hold everything; 0 turns the bound off.
     */
    CHECKOUT_HOLD_SHARE: z.coerce.number().int().min(0).max(100).default(20),
    /**
     * Who may enter the back office (/admin), comma-separated addresses (any case): each gets a one-time
     * sign-in link by mail. Unset: /admin answers 404 and nothing is offered.
     */
    ADMIN_EMAILS: optional(z.string()),
    /** Sign-in requests per 15 minutes per network (then 429; the address itself is never locked); 0 turns the limit off. */
    ADMIN_SIGNIN_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(5),
    /**
     * The edge's purges of Workers Cache a minute, at most (Cloudflare's purge by tag allows 5 a minute
     * on the Free plan): a burst of changes waits for the next window and is purged together.
     */
    CACHE_PURGES_PER_MINUTE: z.coerce.number().int().min(1).max(3000).default(5),
    /**
     * Cloudflare Access in front of /admin, a second way in: the team's address
     * (https://<team>.cloudflareaccess.com) and the application's audience tag. Both set: a valid
     * Cf-Access-Jwt-Assertion for a listed address signs the request in.
     */
    CF_ACCESS_TEAM_URL: optional(z.url({ protocol: /^https?$/ })),
    CF_ACCESS_AUD: optional(z.string().regex(/^[\w-]+$/, "must be the Access application's audience tag")),
    /** Promotion codes one network may look up per 10 minutes (discount links, the cart's field; then 429); 0: no limit. */
    PROMO_CODE_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(20),
    /** "Your orders" links one network may ask for per 15 minutes (then 429); 0 turns the limit off. */
    ORDERS_LINK_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(10),
    /** Back-in-stock requests one address may make per 10 minutes (then 429); 0 turns the limit off. */
    STOCK_ALERT_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(10),
    /**
     * A restock tells at most this many waiting shoppers per unit available (1.5: 2 units tell 3),
     * oldest first; unset: everyone waiting is told at once.
     */
    STOCK_ALERT_FACTOR: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0.1).max(1000).optional()),
    /**
     * The shopping agents that may build checkouts and read their orders through UCP (docs/agents.md):
     * a JSON list of {"name", "key", "profile"}: the agent's name in the back office, the bearer key it
     * sends (at least 32 characters), and the address of its UCP profile, which its UCP-Agent header
     * must name. Unset: the catalogue and the feed are open, checkouts answer 401.
     */
    UCP_AGENTS: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : parsedJson(v)) : (v ?? [])),
      z
        .array(
          z.object({
            name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a lower-case name: letters, digits and hyphens'),
            key: z.string().min(32, 'an agent key must be at least 32 characters'),
            profile: z.url({ protocol: /^https?$/ }),
          }),
        )
        .max(50),
    ),
    /**
     * The shop's signing key for UCP (order events to agents' webhooks, RFC 9421): a private EC P-256 JWK
     * as JSON, its public half published in /.well-known/ucp. Node keeps one it drew when unset; the
     * Worker sends no order events without it.
     */
    UCP_SIGNING_KEY: optional(z.string().startsWith('{', 'must be a JWK as JSON')),
    /** Requests one agent (or one network, for the open catalogue) may make to the UCP API a minute (then 429); 0: no limit. */
    UCP_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(300),
    /**
     * An ACP feed endpoint the catalogue is pushed to (docs/agents.md), e.g. the one OpenAI gives a
     * merchant, and its bearer token: a full snapshot once, then the products whose price or stock changed.
     */
    ACP_FEED_URL: optional(z.url({ protocol: /^https?$/ })),
    ACP_FEED_TOKEN: optional(z.string()),
    /** The country the ACP feed is made for (its target_country: the market's currency). */
    ACP_FEED_COUNTRY: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('US'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
    /** Node only: the interface to listen on; loopback unless set, so nothing reaches the shop around its proxy. */
    HOST: z.string().min(1).default('127.0.0.1'),
  });
  // One Turnstile key without the other is a half-done set-up: say so at start-up rather than run without the check.
  return fields.check((ctx) => {
    const { TURNSTILE_SITE_KEY: site, TURNSTILE_SECRET_KEY: secret } = ctx.value;
    if (Boolean(site) === Boolean(secret)) return;
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      path: [site ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY'],
      message: 'set both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or neither',
    });
  });
}

export type Settings = z.infer<ReturnType<typeof settingsSchema>>;

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/**
 * On Node, an unset SITE_URL follows PORT (canonical links, the sitemap and mail name the address the
 * shop answers on); PORT 0 picks a port only known later, so the default stays localhost:8787.
 */
function withLocalSiteUrl(env: Record<string, unknown>, runtime: Runtime): Record<string, unknown> {
  const port = typeof env.PORT === 'string' ? env.PORT.trim() : '';
  const siteUrl = typeof env.SITE_URL === 'string' ? env.SITE_URL.trim() : '';
  if (runtime !== 'node' || siteUrl || !/^\d+$/.test(port) || Number(port) === 0) return env;
  return { ...env, SITE_URL: `http://localhost:${Number(port)}` };
}

/** Reads settings from an environment (process.env, Worker env or .dev.vars); throws naming every bad variable. */
export function parseSettings(env: Record<string, unknown>, runtime: Runtime): Settings {
  const result = settingsSchema(runtime).safeParse(withLocalSiteUrl(env, runtime));
  if (result.success) return result.data;
  throw new SettingsError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
}

/** The owner's import-duty estimates, as the pages and the payment page say them (shared/policy/duties.ts). */
export const dutyEstimates = (settings: Pick<Settings, 'DUTIES_ESTIMATE_US' | 'DUTIES_ESTIMATE_ROW'>) => ({
  US: settings.DUTIES_ESTIMATE_US,
  ROW: settings.DUTIES_ESTIMATE_ROW,
});
