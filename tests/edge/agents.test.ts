import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '#worker/db/client.ts';
import { newSigningJwk } from '#worker/agents/signing-key.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { startAgentEmulator, type AgentEmulator } from '../support/agents/agent-emulator';
import { schemaErrors, SCHEMA } from '../support/agents/protocol-schemas';
import { agentsEnv, testAgents, type TestAgent } from '../support/agents/ucp-client';
import { startStripeEmulator, type StripeEmulator } from '../support/stripe-emulator';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { startWorker, type TestWorker } from '../support/worker';

/**
 * The agents' API on the built Worker in workerd: the profile with the Worker's signing key, the
 * catalogue through Turso's protocol, and a checkout session a registered agent builds (its profile
 * fetched from the Worker, the hold and the session in Turso) handed to the Stripe emulation's page,
 * paid, and read back as its order.
 */
const SECRET = 'whsec_edge_agents';
let turso: TursoEmulator;
let stripe: StripeEmulator;
let agents: AgentEmulator;
let worker: TestWorker;
let gemini: TestAgent;
let signingKey: string;

beforeAll(async () => {
  [turso, stripe, agents] = await Promise.all([startPreparedTurso(), startStripeEmulator(), startAgentEmulator({ feedToken: 'feed' })]);
  [gemini] = testAgents(agents) as [TestAgent];
  signingKey = await newSigningJwk();
  await setStock(createDb(turso.db), 1, 10, null);
  worker = await startWorker(
    {
      TURSO_DATABASE_URL: turso.url,
      TURSO_AUTH_TOKEN: turso.token,
      ...stripe.env,
      STRIPE_WEBHOOK_SECRET: SECRET,
      UCP_AGENTS: agentsEnv([gemini]),
      UCP_SIGNING_KEY: signingKey,
    },
    // Workers Cache stood in, as the kept pages have it.
    { purgeStandIn: true },
  );
});
afterAll(async () => {
  await worker?.dispose();
  await Promise.all([turso?.close(), stripe?.close(), agents?.close()]);
});

const call = async (path: string, body?: unknown, agent?: TestAgent) => {
  const res = await worker.get(`/ucp${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(agent && { authorization: `Bearer ${agent.key}`, 'ucp-agent': `profile="${agent.profile}"` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
};

describe('UCP on the Worker', () => {
  it('publishes its profile with the Worker’s signing key, and finds the G-Series in pounds', async () => {
    const res = await worker.get('/.well-known/ucp');
    const profile = (await res.json()) as { signing_keys: Array<{ kid: string; x: string }> };
    expect(schemaErrors(SCHEMA.businessProfile, profile)).toEqual([]);
    const key = JSON.parse(signingKey) as { kid: string; x: string };
    expect(profile.signing_keys).toEqual([expect.objectContaining({ kid: key.kid, x: key.x, crv: 'P-256' })]);
    expect(JSON.stringify(profile)).not.toContain('"d"');
    // Kept at the edge, as a page is.
    expect((await worker.get('/.well-known/ucp')).headers.get('cf-cache-status')).toBe('HIT');
    const found = await call('/catalog/search', { query: 'laser pistol', context: { address_country: 'GB' } });
    expect(found.status).toBe(200);
    expect(found.json.products.find((p: { id: string }) => p.id === '1').price_range.min).toEqual({ amount: 14999, currency: 'GBP' });
  });

  it('builds a checkout session for a registered agent, hands it to the payment page, and once paid names its order', async () => {
    const made = await call(
      '/checkout-sessions',
      {
        line_items: [{ item: { id: '1' }, quantity: 2 }],
        buyer: { email: 'vera@example.com' },
        fulfillment: { methods: [{ type: 'shipping', destinations: [{ address_country: 'GB', postal_code: 'LS1 1AA' }] }] },
      },
      gemini,
    );
    expect(made.status).toBe(201);
    expect(schemaErrors(SCHEMA.checkout, made.json)).toEqual([]);
    expect(made.json.totals[0]).toEqual({ type: 'subtotal', amount: 29998 });
    expect(made.json.status).toBe('ready_for_complete');
    const complete = await call(`/checkout-sessions/${made.json.id}/complete`, {}, gemini);
    expect(complete.json.status).toBe('requires_escalation');
    const session = (complete.json.continue_url as string).split('/pay/')[1]!;
    stripe.complete(session);
    const event = stripe.signedEvent('checkout.session.completed', session, SECRET);
    expect((await worker.get('/webhooks/stripe', { method: 'POST', body: event.body, headers: event.headers })).status).toBe(200);
    const after = await call(`/checkout-sessions/${made.json.id}`, undefined, gemini);
    expect(after.json.status).toBe('completed');
    const order = await call(`/orders/${after.json.order.id}`, undefined, gemini);
    expect(order.status).toBe(200);
    expect(schemaErrors(SCHEMA.order, order.json)).toEqual([]);
  });

  it('names on /healthz a Worker with agents and no signing key', async () => {
    const unsigned = await startWorker({ TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token, UCP_AGENTS: agentsEnv([gemini]) });
    try {
      const health = (await (await unsigned.get('/healthz')).json()) as { problems?: string[] };
      expect(health.problems).toContainEqual(expect.stringContaining('UCP_SIGNING_KEY is not set'));
    } finally {
      await unsigned.dispose();
    }
  });
});
