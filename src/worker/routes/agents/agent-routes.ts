import { Hono } from 'hono';
import { acpFeed } from '#shared/agents/acp-feed.ts';
import { regionOfContext } from '#shared/agents/ucp-catalog.ts';
import { businessProfile, UCP_BASE_PATH } from '#shared/agents/ucp-profile.ts';
import { protocolError } from '#worker/agents/agent-answers.ts';
import { publicSigningKey } from '#worker/agents/signing-key.ts';
import { requireShelf } from '#worker/catalogue/catalogue-reads.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import { answering, catalogueCaller, rateLimited, send } from './agent-guard.ts';
import { lookupCatalog, productDetail, searchCatalog } from './catalog-routes.ts';
import { cancelSession, completeSession, createSession, getOrder, getSession, updateSession } from './checkout-session-routes.ts';

/** How long an agent or a CDN may keep the feed. */
const PUBLIC_FOR_S = 300;
/** The kept profile's cache tag. */
const UCP_PROFILE_TAG = 'ucp-profile';

/**
 * The shop for shopping agents (docs/agents.md): the UCP business profile and REST binding (catalog,
 * checkout sessions, orders), and the ACP product feed. JSON in and out, never a page.
 */
export const agentRoutes = new Hono<AppEnv>();

agentRoutes.get('/.well-known/ucp', (c) => {
  // Kept at the edge as the pages are (shared/caching/kept-routes.ts): a deploy's new key shows within their freshness.
  c.set('pageTags', [UCP_PROFILE_TAG]);
  // No request's nonce in a kept answer: its CSP names script hashes (none), as a kept page's does.
  c.set('scriptHashes', []);
  const { settings } = c.get('deps');
  const keys = settings.UCP_SIGNING_KEY ? [publicSigningKey(settings.UCP_SIGNING_KEY)] : [];
  return c.json(businessProfile(settings.SITE_URL, keys));
});

agentRoutes.get(`${UCP_BASE_PATH}/handlers/hosted-checkout`, (c) => {
  c.header('Cache-Control', `public, max-age=${PUBLIC_FOR_S}`);
  return c.text(
    'The hosted_checkout payment handler: the buyer pays on the shop’s own payment page (Stripe Checkout).\n' +
      'Complete Checkout answers requires_escalation with continue_url; hand the buyer that page. Once paid,\n' +
      'the checkout session is completed and names its order (GET /ucp/orders/{id}). No credential is sent to the shop.\n',
  );
});

agentRoutes.post(`${UCP_BASE_PATH}/catalog/search`, searchCatalog);
agentRoutes.post(`${UCP_BASE_PATH}/catalog/lookup`, lookupCatalog);
agentRoutes.post(`${UCP_BASE_PATH}/catalog/product`, productDetail);
agentRoutes.post(`${UCP_BASE_PATH}/checkout-sessions`, createSession);
agentRoutes.get(`${UCP_BASE_PATH}/checkout-sessions/:id`, getSession);
agentRoutes.put(`${UCP_BASE_PATH}/checkout-sessions/:id`, updateSession);
agentRoutes.post(`${UCP_BASE_PATH}/checkout-sessions/:id/complete`, completeSession);
agentRoutes.post(`${UCP_BASE_PATH}/checkout-sessions/:id/cancel`, cancelSession);
agentRoutes.get(`${UCP_BASE_PATH}/orders/:id`, getOrder);
agentRoutes.all(`${UCP_BASE_PATH}/*`, (c) => send(c, protocolError(404, 'not_found', 'No such operation.')));

/** GET /feeds/acp.json[?country=XX]: the ACP ProductsResponse for one market (ACP_FEED_COUNTRY unless asked). */
agentRoutes.get('/feeds/acp.json', (c) =>
  answering(c, async () => {
    const limited = await rateLimited(c, await catalogueCaller(c));
    if (limited) return limited;
    const { settings } = c.get('deps');
    const country = c.req.query('country') ?? settings.ACP_FEED_COUNTRY;
    if (!/^[A-Za-z]{2}$/.test(country)) return protocolError(400, 'invalid_request', 'country must be a two-letter code.');
    const shelf = await requireShelf(pageReads(c));
    return {
      status: 200,
      body: acpFeed(shelf.products, regionOfContext({ address_country: country }), settings.SITE_URL),
      headers: { 'Cache-Control': `public, max-age=${PUBLIC_FOR_S}` },
    };
  }),
);
