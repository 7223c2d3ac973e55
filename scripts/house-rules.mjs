// What each domain folder of src/worker may import (docs/code-layout.md, "What a domain may use").
// `npm run lint` runs `npm run house -- --check`, which fails on an import a folder's list does not
// allow; tests/unit/tooling/house-layers.test.ts plants one and sees it fail.

/**
 * The folders of src/worker each domain folder may import, besides itself and src/shared. A domain
 * takes plain values and returns plain results: the web (routes/, middleware/, http/, render/) and
 * the command line (cli/) call it, never the other way round.
 */
export const DOMAIN_IMPORTS = {
  admin: ['base', 'db', 'limits', 'mail'],
  catalogue: ['base', 'db', 'products', 'stock'],
  changes: ['base', 'db'],
  checkout: ['base', 'db', 'limits', 'payments', 'products', 'stock'],
  contact: ['base', 'db', 'limits', 'mail'],
  fulfilment: ['base', 'db', 'mail', 'orders', 'payments', 'stock', 'stock-alerts'],
  limits: ['base', 'db'],
  mail: ['base', 'db'],
  'page-cache': [],
  'opt-outs': ['base', 'db', 'limits', 'orders', 'recovery'],
  'order-access': ['base', 'db', 'limits', 'mail'],
  'order-reads': ['base', 'db', 'limits', 'orders', 'payments'],
  orders: ['base', 'db', 'limits', 'mail', 'payments', 'products', 'stock', 'stock-alerts'],
  payments: ['base'],
  returns: ['base', 'db', 'fulfilment', 'mail', 'orders', 'payments', 'products', 'refunds'],
  recovery: ['base', 'db', 'limits', 'mail', 'payments', 'products'],
  refunds: ['base', 'db', 'fulfilment', 'mail', 'orders', 'payments'],
  referrals: ['base', 'db', 'limits', 'mail', 'orders', 'payments'],
  reviews: ['base', 'db', 'limits', 'mail', 'orders', 'changes'],
  posts: ['base', 'db'],
  products: ['db'],
  stock: ['base', 'db', 'payments', 'products'],
  'stock-alerts': ['base', 'db', 'limits', 'mail', 'products', 'stock'],
  vitals: ['db'],
};

/** Packages of the web's door: only routes/, middleware/, http/, render/, frame/ and the app may import them. */
export const DOOR_PACKAGES = ['hono'];
