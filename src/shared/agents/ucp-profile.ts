/**
 * The shop's Universal Commerce Protocol profile (/.well-known/ucp, UCP 2026-04-08): the version it
 * speaks, its REST service and what it offers through it. Every answer of the API carries the same
 * version and names the capabilities it used (ucpEnvelope).
 */
export const UCP_VERSION = '2026-04-08';

const SPEC = `https://ucp.dev/${UCP_VERSION}/specification`;
const SCHEMAS = `https://ucp.dev/${UCP_VERSION}/schemas/shopping`;

/** Where the REST binding lives under the shop's address (the profile's endpoint; paths are appended). */
export const UCP_BASE_PATH = '/ucp';

export const CAPABILITY = {
  search: 'dev.ucp.shopping.catalog.search',
  lookup: 'dev.ucp.shopping.catalog.lookup',
  checkout: 'dev.ucp.shopping.checkout',
  fulfillment: 'dev.ucp.shopping.fulfillment',
  discount: 'dev.ucp.shopping.discount',
  order: 'dev.ucp.shopping.order',
} as const;
export type CapabilityName = (typeof CAPABILITY)[keyof typeof CAPABILITY];

const described: Record<CapabilityName, { spec: string; schema: string; extends?: string }> = {
  [CAPABILITY.search]: { spec: `${SPEC}/catalog/search`, schema: `${SCHEMAS}/catalog_search.json` },
  [CAPABILITY.lookup]: { spec: `${SPEC}/catalog/lookup`, schema: `${SCHEMAS}/catalog_lookup.json` },
  [CAPABILITY.checkout]: { spec: `${SPEC}/checkout`, schema: `${SCHEMAS}/checkout.json` },
  [CAPABILITY.fulfillment]: { spec: `${SPEC}/fulfillment`, schema: `${SCHEMAS}/fulfillment.json`, extends: CAPABILITY.checkout },
  [CAPABILITY.discount]: { spec: `${SPEC}/discount`, schema: `${SCHEMAS}/discount.json`, extends: CAPABILITY.checkout },
  [CAPABILITY.order]: { spec: `${SPEC}/order`, schema: `${SCHEMAS}/order.json` },
};

/**
 * A name in the shop's own namespace (its address reversed, as UCP's reverse-domain names are:
 * strikepoint-training.com gives com.strikepoint_training), for what UCP does not define.
 */
export function shopNamespace(siteUrl: string): string {
  const labels = new URL(siteUrl).hostname.split('.').toReversed();
  const words = labels.map((l) =>
    l
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '_')
      .replace(/^[^a-z]/, 'x'),
  );
  return words.length > 1 ? words.join('.') : `local.${words[0] ?? 'shop'}`;
}

/** The payment handler every checkout uses: the buyer pays on the shop's own Stripe payment page, reached by continue_url. */
export function hostedPaymentHandler(siteUrl: string) {
  return {
    name: `${shopNamespace(siteUrl)}.hosted_checkout`,
    entry: {
      id: 'hosted_checkout',
      version: UCP_VERSION,
      spec: new URL(`${UCP_BASE_PATH}/handlers/hosted-checkout`, siteUrl).toString(),
      available_instruments: [{ type: 'card' }],
    },
  };
}

/** A public signing key as the profile lists it (JWK). */
export interface PublicSigningKey {
  kid: string;
  kty: string;
  crv: string;
  x: string;
  y: string;
  use: string;
  alg: string;
}

/** The business profile (/.well-known/ucp), with the public keys its order events are signed with. */
export function businessProfile(siteUrl: string, signingKeys: readonly PublicSigningKey[] = []) {
  const handler = hostedPaymentHandler(siteUrl);
  const capabilities = Object.fromEntries(Object.entries(described).map(([name, d]) => [name, [{ version: UCP_VERSION, ...d }]]));
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        'dev.ucp.shopping': [
          {
            version: UCP_VERSION,
            spec: `${SPEC}/overview`,
            transport: 'rest',
            schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/rest.openapi.json`,
            endpoint: new URL(UCP_BASE_PATH, siteUrl).toString(),
          },
        ],
      },
      capabilities,
      payment_handlers: { [handler.name]: [handler.entry] },
    },
    ...(signingKeys.length > 0 && { signing_keys: signingKeys }),
  };
}

/** The `ucp` member of an answer: the version and the capabilities it used (and, for a checkout, its payment handler). */
export function ucpEnvelope(used: readonly CapabilityName[], opts: { siteUrl?: string; status?: 'success' | 'error' } = {}) {
  const handler = opts.siteUrl ? hostedPaymentHandler(opts.siteUrl) : null;
  return {
    version: UCP_VERSION,
    status: opts.status ?? 'success',
    capabilities: Object.fromEntries(used.map((name) => [name, [{ version: UCP_VERSION }]])),
    ...(handler && { payment_handlers: { [handler.name]: [handler.entry] } }),
  };
}

/**
 * The version an agent's request is answered in: UCP-Agent names the agent's profile (RFC 8941
 * dictionary, profile="…"); the profile's version may be asked for, but this shop speaks one version,
 * so an agent asking for a newer one is answered in this one and an older one is refused (400).
 */
export function agentProfileUri(header: string | null | undefined): string | null {
  const match = header?.match(/(?:^|[,;\s])profile="([^"]{1,2048})"/);
  if (!match) return null;
  try {
    const url = new URL(match[1]!);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
