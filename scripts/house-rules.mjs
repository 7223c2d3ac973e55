// What each domain folder of src/worker may import (docs/code-layout.md, "What a domain may use").
// `npm run lint` runs `npm run house -- --check`, which fails on an import a folder's list does not
// allow; tests/unit/tooling/house/house-layers.test.ts plants one and sees it fail.

/**
 * The folders of src/worker each domain folder may import, besides itself and src/shared. A domain
 * takes plain values and returns plain results: the web (routes/, middleware/, http/, render/) and
 * the command line (cli/) call it, never the other way round. Each feature declares its own tables
 * (`<folder>/<name>-tables.ts`); a folder that reads another's tables without its code names that one file.
 */
export const DOMAIN_IMPORTS = {
  // Everything after the sale in one home (decision 034): the ledger, returns and exchanges, refunds,
  // store credit, goods back, their mail and Stripe events; shared/after-sale/ holds its rules and kinds.
  'after-sale': ['base', 'db', 'mail', 'orders', 'payments', 'products', 'stock', 'stock-alerts'],
  admin: ['base', 'db', 'limits', 'mail'],
  // Shopping agents (UCP, ACP): their checkouts are the cart's (held stock, a Checkout Session), their orders the sale's.
  agents: ['base', 'catalogue', 'checkout', 'db', 'orders', 'payments', 'products', 'stock'],
  catalogue: ['base', 'db', 'products', 'stock'],
  // The owner's edits of the catalogue (issue 79): products written as their files would be, with their history.
  'catalogue-editing': ['base', 'db', 'photos', 'posts/content-version.ts', 'products', 'stock/stock-tables.ts'],
  changes: ['base', 'db'],
  // The owner's posts in the back office (issue 79): written as their files would be, with their history.
  'post-editing': ['base', 'db', 'photos', 'posts', 'products/product-tables.ts'],
  checkout: ['base', 'db', 'limits', 'payments', 'products', 'stock'],
  contact: ['base', 'db', 'limits', 'mail'],
  fulfilment: ['base', 'db', 'mail', 'orders', 'payments'],
  invoices: ['db', 'orders/order-tables.ts'],
  limits: ['base', 'db'],
  mail: ['base', 'db'],
  // The Training Gun Digest by e-mail: sign-ups, welcome codes at Stripe, posts to subscribers.
  newsletter: ['base', 'db', 'limits', 'mail', 'payments', 'posts/post-tables.ts'],
  'opt-outs': ['base', 'db', 'limits', 'orders', 'recovery'],
  'order-access': ['base', 'db', 'limits', 'mail', 'orders/order-tables.ts', 'referrals/referral-tables.ts'],
  'order-reads': ['base', 'db', 'limits', 'orders', 'payments'],
  orders: ['base', 'db', 'limits', 'mail', 'payments', 'products', 'stock', 'stock-alerts'],
  payments: ['base'],
  // The owner's uploaded photos: checked by their bytes, their sizes made and kept (an R2 bucket, a folder).
  photos: ['base'],
  recovery: ['base', 'db', 'limits', 'mail', 'orders/order-tables.ts', 'payments', 'products'],
  // Rewards ride on the after-sale's ledger; goods back and refunds reach it through wiring/.
  referrals: ['after-sale', 'base', 'db', 'limits', 'mail', 'orders', 'payments'],
  reviews: ['base', 'changes', 'db', 'limits', 'mail', 'orders', 'products/product-tables.ts'],
  posts: ['base', 'changes/change-tables.ts', 'db', 'products/product-tables.ts'],
  // People's data (shared/privacy/ holds the map): export, erasure and retention across the tables that name them.
  // It reads every table that names a person, through each feature's tables file.
  privacy: [
    'after-sale/after-sale-tables.ts',
    'agents/agent-tables.ts',
    'base',
    'contact/contact-tables.ts',
    'db',
    'fulfilment/fulfilment-tables.ts',
    'invoices/invoice-tables.ts',
    'limits',
    'mail/mailer.ts',
    'newsletter',
    'order-access',
    'orders/order-tables.ts',
    'payments',
    'products/product-tables.ts',
    'recovery/recovery-tables.ts',
    'referrals/referral-tables.ts',
    'reviews/review-tables.ts',
    'stock-alerts',
    'vitals',
  ],
  products: ['db'],
  stock: ['base', 'db', 'payments', 'products'],
  'stock-alerts': ['base', 'db', 'limits', 'mail', 'products', 'stock'],
  vitals: ['db'],
};

/**
 * The other folders of src/worker, each with what it may import: the doors (routes/ for the web,
 * cli/ for the command line, jobs/ for the clock), what pages are made of (render/, frame/,
 * components/), what every request passes (middleware/, http/), the wiring of features into the
 * doors (wiring/) and the layers under everything (base/, db/). An entry is a folder or one file of
 * it ('admin/admin-sessions.ts'); `{ except }` allows every folder but those; runtimes/ builds it all.
 */
export const FOLDER_IMPORTS = {
  base: [],
  db: ['base'],
  http: ['base'],
  render: ['base', 'catalogue', 'http', 'middleware'],
  components: ['render'],
  frame: ['base', 'http', 'middleware', 'render'],
  middleware: ['after-sale/after-sale-listeners.ts', 'base', 'db', 'http', 'mail', 'orders', 'payments', 'photos/photo-store.ts'],
  // The step in front of the app (the Worker's outer entrypoint, Node's server): the kept pages and each visitor's parts.
  'page-cache': ['base', 'http', 'middleware/streaming-gzip/streaming-gzip-middleware.ts'],
  'content-sync': ['base', 'db', 'posts/content-version.ts', 'posts/post-tables.ts', 'products', 'stock/stock-tables.ts'],
  // The clock's door: tidy-ups and what is owed; the back office's sign-in is not its business.
  jobs: [
    'admin/admin-sessions.ts',
    'admin/form-once.ts',
    'agents',
    'base',
    'changes',
    'contact',
    'db',
    'limits',
    'mail',
    'middleware',
    'newsletter',
    'order-access',
    'orders',
    'posts',
    'privacy',
    'recovery',
    'referrals',
    'reviews',
    'stock/stock-tables.ts',
    'stock-alerts',
    'vitals',
  ],
  cli: ['after-sale', 'agents', 'base', 'db', 'fulfilment', 'orders', 'privacy', 'stock', 'stock-alerts', 'vitals'],
  wiring: ['after-sale', 'agents', 'checkout', 'orders', 'payments', 'recovery', 'referrals', 'reviews', 'stock'],
  routes: { except: ['cli', 'content-sync', 'runtimes'] },
  runtimes: { except: [] },
};

/** Packages only some folders may import (src/worker/app.tsx is the web's door too): the web stays at the door, Stripe in payments/. */
export const PACKAGE_HOMES = {
  hono: ['app.tsx', 'frame', 'http', 'middleware', 'render', 'routes', 'runtimes'],
  stripe: ['payments'],
};

/**
 * What each topic of src/shared may import of the others (besides itself), bottom first: the world's
 * words (regions, markets, money), then the shop's policies and offers, then the topics built on them;
 * the timeline joins the sale and the after-sale. `money.ts` stands alone at the top of src/shared. A
 * topic without a line fails `npm run lint`, as a folder of src/worker does.
 */
export const SHARED_IMPORTS = {
  region: [],
  contact: [],
  'money.ts': ['region'],
  market: ['region'],
  offers: ['market', 'money.ts', 'region'],
  policy: ['market', 'money.ts', 'offers', 'region'],
  site: ['market', 'money.ts', 'policy', 'region'],
  seo: ['market', 'policy', 'site'],
  caching: ['market', 'region', 'site'],
  editorial: ['catalogue', 'policy', 'seo', 'site'],
  vitals: ['market', 'site'],
  catalogue: ['market', 'money.ts', 'offers', 'policy', 'region', 'seo', 'site'],
  orders: ['contact', 'market', 'money.ts', 'offers', 'policy', 'region'],
  cart: ['catalogue', 'money.ts', 'orders', 'policy', 'region'],
  'after-sale': ['money.ts', 'offers', 'orders', 'policy', 'region'],
  timeline: ['after-sale', 'money.ts', 'orders', 'region'],
  admin: ['contact', 'orders'],
  mail: ['orders'],
  newsletter: ['contact', 'policy', 'site'],
  'stock-alerts': ['contact'],
  privacy: ['stock-alerts'],
  reviews: [],
  // Uploaded photos' bytes, sizes and addresses.
  photos: [],
  visitor: ['admin', 'cart', 'catalogue', 'orders', 'region', 'site'],
  // What shopping agents are told (UCP, ACP): the catalogue, the cart's prices and shipping, in their words.
  agents: ['cart', 'catalogue', 'market', 'money.ts', 'offers', 'policy', 'region', 'seo', 'site'],
};
