import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentCheckouts, agentRequests } from '#worker/agents/agent-tables.ts';
import { agentsOfOrders } from '#worker/agents/agent-orders.ts';
import { formatOrderList } from '#worker/cli/order-report.ts';
import { listOrders } from '#worker/orders/order-queries.ts';
import { sendOrderEvents } from '#worker/agents/order-webhooks.ts';
import { closeEndedAgentCheckouts } from '#worker/agents/agent-orders.ts';
import { erasePerson } from '#worker/privacy/person-erasure.ts';
import { shipOrder } from '#worker/fulfilment/order-fulfilment.ts';
import { verifyOrderEvent } from '../../support/agents/signature-check';
import { orders } from '#worker/orders/order-tables.ts';
import { setStock } from '#worker/stock/stock-moves.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { stockReservations } from '#worker/stock/stock-tables.ts';
import { startAgentEmulator, type AgentEmulator } from '../../support/agents/agent-emulator';
import { schemaErrors, SCHEMA } from '../../support/agents/protocol-schemas';
import { agentsEnv, testAgents, ucp, type TestAgent } from '../../support/agents/ucp-client';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { keptLog } from '../../support/test-app';
import { shopper } from '../../support/shopper';
import { openSession } from '#worker/admin/admin-sessions.ts';

/**
 * Checkout sessions and orders through UCP's REST binding, as a registered agent builds them: the
 * shop's prices, holds and shipping policy, its errors as UCP messages, idempotency, one agent's
 * sessions hidden from another, and the hand-off to the shop's own Stripe payment page, whose payment
 * becomes the order the agent then reads. Every answer checked against UCP's published schemas.
 */
const SECRET = 'whsec_agents';
const OWNER = 'owner@example.com';
let running: PaymentsApp;
let agents: AgentEmulator;
let gemini: TestAgent;
let chatgpt: TestAgent;
const kept = keptLog();
const base = () => running.app.url;

const UK_ADDRESS = {
  first_name: 'Vera',
  last_name: 'Holt',
  street_address: '1 Test Street',
  address_locality: 'Leeds',
  postal_code: 'LS1 1AA',
  address_country: 'GB',
};
const twoPistols = (more: Record<string, unknown> = {}) => ({ line_items: [{ item: { id: '1' }, quantity: 2 }], ...more });
/** A ready session's body with these discount codes. */
const withCodes = (codes: string[]) =>
  twoPistols({
    buyer: { email: 'vera@example.com' },
    fulfillment: { methods: [{ type: 'shipping', destinations: [UK_ADDRESS] }] },
    discounts: { codes },
  });
const held = async (id: number) => (await stockCounts(running.app.deps.db, [id]))[0]!.reserved;

beforeAll(async () => {
  agents = await startAgentEmulator({ feedToken: 'feed-token' });
  [gemini, chatgpt] = testAgents(agents) as [TestAgent, TestAgent];
  running = await startPaymentsApp(SECRET, kept.log, { UCP_AGENTS: agentsEnv([gemini, chatgpt]), ADMIN_EMAILS: OWNER });
  running.stripe.state.webhook = { url: `${base()}/webhooks/stripe`, secret: SECRET };
});
afterAll(async () => {
  await running.close();
  await agents.close();
});
beforeEach(async () => {
  // Each test starts with nothing held, twenty of each and none of product 2.
  await running.app.deps.db.delete(stockReservations);
  for (const id of [1, 2, 3]) await setStock(running.app.deps.db, id, 20, null);
  await setStock(running.app.deps.db, 2, 0, null);
});

describe('who may build a checkout', () => {
  it('wants a registered key (401), a UCP-Agent naming its own profile (400, 403), and its protocol version (422)', async () => {
    expect((await ucp(base(), '/checkout-sessions', { body: twoPistols() })).status).toBe(401);
    const wrongKey = { ...gemini, key: 'x'.repeat(40) };
    expect((await ucp(base(), '/checkout-sessions', { body: twoPistols(), agent: wrongKey })).status).toBe(401);
    const noProfile = await ucp(base(), '/checkout-sessions', { body: twoPistols(), agent: gemini, headers: { 'ucp-agent': 'nothing' } });
    expect(noProfile).toMatchObject({ status: 400, json: { code: 'invalid_profile_url' } });
    const othersProfile = await ucp(base(), '/checkout-sessions', { body: twoPistols(), agent: { ...gemini, profile: chatgpt.profile } });
    expect(othersProfile.status).toBe(403);
    agents.state.versions.set('gemini', '2026-01-11');
    try {
      const old = await ucp(base(), '/checkout-sessions', { body: twoPistols(), agent: gemini });
      expect(old).toMatchObject({ status: 422, json: { code: 'version_unsupported' } });
    } finally {
      agents.state.versions.delete('gemini');
    }
    expect(await running.app.deps.db.$count(agentCheckouts)).toBe(0);
  });
});

describe('a checkout session', () => {
  it('prices two G-Series for GB at 29998, holds them, and is answered again for the same Idempotency-Key', async () => {
    const first = await ucp(base(), '/checkout-sessions', {
      body: twoPistols({ context: { address_country: 'GB' } }),
      agent: gemini,
      idempotencyKey: 'key-1',
    });
    expect(first.status).toBe(201);
    expect(schemaErrors(SCHEMA.checkout, first.json)).toEqual([]);
    expect(first.json.currency).toBe('GBP');
    expect(first.json.totals).toContainEqual({ type: 'subtotal', amount: 29998 });
    expect(first.json.status).toBe('incomplete');
    expect(first.json.messages.map((m: { path?: string }) => m.path)).toEqual(['$.buyer.email', '$.fulfillment.methods[0].destinations']);
    expect(await held(1)).toBe(2);
    const again = await ucp(base(), '/checkout-sessions', {
      body: twoPistols({ context: { address_country: 'GB' } }),
      agent: gemini,
      idempotencyKey: 'key-1',
    });
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    expect(await held(1)).toBe(2);
    expect(await running.app.deps.db.$count(agentCheckouts, eq(agentCheckouts.agent, 'gemini'))).toBe(1);
    const reused = await ucp(base(), '/checkout-sessions', {
      body: twoPistols({ context: { address_country: 'US' } }),
      agent: gemini,
      idempotencyKey: 'key-1',
    });
    expect(reused).toMatchObject({ status: 409, json: { code: 'idempotency_conflict' } });
    // Another agent's same key is its own.
    const other = await ucp(base(), '/checkout-sessions', { body: twoPistols(), agent: chatgpt, idempotencyKey: 'key-1' });
    expect(other.status).toBe(201);
    expect(other.json.id).not.toBe(first.json.id);
  });

  it('brings the shipping policy’s options and a total once a UK address is given, and is not another agent’s to read', async () => {
    const made = await ucp(base(), '/checkout-sessions', { body: twoPistols(), agent: gemini });
    const id = made.json.id as string;
    const updated = await ucp(base(), `/checkout-sessions/${id}`, {
      method: 'PUT',
      agent: gemini,
      body: twoPistols({
        buyer: { email: 'vera@example.com' },
        fulfillment: { methods: [{ type: 'shipping', destinations: [UK_ADDRESS] }] },
      }),
    });
    expect(updated.status).toBe(200);
    expect(schemaErrors(SCHEMA.checkout, updated.json)).toEqual([]);
    expect(updated.json.status).toBe('ready_for_complete');
    const group = updated.json.fulfillment.methods[0].groups[0];
    // Over the free-delivery threshold: standard is free, express is charged.
    expect(group.options.map((o: { id: string; totals: Array<{ amount: number }> }) => [o.id, o.totals[0]!.amount])).toEqual([
      ['standard', 0],
      ['express', 999],
    ]);
    expect(updated.json.totals).toEqual([
      { type: 'subtotal', amount: 29998 },
      { type: 'fulfillment', display_text: 'Standard delivery', amount: 0 },
      { type: 'total', amount: 29998 },
    ]);
    const express = await ucp(base(), `/checkout-sessions/${id}`, {
      method: 'PUT',
      agent: gemini,
      body: twoPistols({
        buyer: { email: 'vera@example.com' },
        fulfillment: { methods: [{ type: 'shipping', destinations: [UK_ADDRESS], groups: [{ selected_option_id: 'express' }] }] },
      }),
    });
    expect(express.json.totals.at(-1)).toEqual({ type: 'total', amount: 29998 + 999 });
    expect((await ucp(base(), `/checkout-sessions/${id}`, { agent: gemini })).json.id).toBe(id);
    expect((await ucp(base(), `/checkout-sessions/${id}`, { agent: chatgpt })).status).toBe(404);
    expect((await ucp(base(), `/checkout-sessions/${id}/cancel`, { agent: chatgpt, body: {} })).status).toBe(404);
  });

  it('takes a promotion code through the discount extension, says why another gives nothing, and hands the code to Stripe', async () => {
    const made = await ucp(base(), '/checkout-sessions', { agent: gemini, body: withCodes(['spring10', 'TAKE15']) });
    expect(schemaErrors(SCHEMA.checkout, made.json)).toEqual([]);
    expect(schemaErrors(SCHEMA.checkoutWithDiscount, made.json)).toEqual([]);
    expect(made.json.discounts.applied).toEqual([{ code: 'SPRING10', title: '10% off', amount: 3000, method: 'across' }]);
    expect(made.json.totals).toContainEqual({ type: 'discount', display_text: 'SPRING10', amount: -3000 });
    expect(made.json.totals.at(-1)).toEqual({ type: 'total', amount: 29998 - 3000 });
    expect(made.json.messages).toContainEqual(
      expect.objectContaining({ type: 'warning', code: 'discount_code_combination_disallowed', path: '$.discounts.codes[1]' }),
    );
    const unknown = await ucp(base(), `/checkout-sessions/${made.json.id}`, {
      method: 'PUT',
      agent: gemini,
      body: withCodes(['NOSUCHCODE']),
    });
    expect(unknown.json.discounts.applied).toEqual([]);
    expect(unknown.json.messages).toContainEqual(expect.objectContaining({ type: 'warning', code: 'discount_code_invalid' }));
    expect(unknown.json.status).toBe('ready_for_complete');
    await ucp(base(), `/checkout-sessions/${made.json.id}`, { method: 'PUT', agent: gemini, body: withCodes(['SPRING10']) });
    await ucp(base(), `/checkout-sessions/${made.json.id}/complete`, { agent: gemini, body: {} });
    const fields = running.stripe.received.at(-1)!.fields;
    expect(fields['discounts[0][promotion_code]']).toBe(running.stripe.promotion('SPRING10')!.id);
  });

  it('answers an unknown item and an out-of-stock item with UCP messages, and a malformed body with a 400', async () => {
    const mixed = await ucp(base(), '/checkout-sessions', {
      agent: gemini,
      body: {
        line_items: [
          { item: { id: '1' }, quantity: 1 },
          { item: { id: 'no-such-thing' }, quantity: 1 },
          { item: { id: '2' }, quantity: 1 },
        ],
      },
    });
    expect(mixed.status).toBe(201);
    expect(schemaErrors(SCHEMA.checkout, mixed.json)).toEqual([]);
    const codes = mixed.json.messages
      .filter((m: { type: string }) => m.type === 'error')
      .map((m: { code: string; path: string }) => [m.code, m.path]);
    expect(codes).toContainEqual(['item_unavailable', '$.line_items[1]']);
    expect(codes).toContainEqual(['out_of_stock', '$.line_items[2].quantity']);
    expect(mixed.json.status).toBe('incomplete');
    // Nothing held while a line cannot be: all lines or none.
    expect(await held(1)).toBe(0);
    const soldOut = await ucp(base(), '/checkout-sessions', { agent: gemini, body: { line_items: [{ item: { id: '2' }, quantity: 1 }] } });
    expect(soldOut.status).toBe(200);
    expect(schemaErrors(SCHEMA.errorResponse, soldOut.json)).toEqual([]);
    expect(soldOut.json.messages[0]).toMatchObject({ code: 'out_of_stock', severity: 'unrecoverable' });
    for (const body of [{}, { line_items: [{ item: { id: '1' }, quantity: 0 }] }, { line_items: 'two pistols' }]) {
      const bad = await ucp(base(), '/checkout-sessions', { agent: gemini, body });
      expect(bad.status).toBe(400);
      expect(bad.json.code).toBe('invalid_request');
    }
    expect((await ucp(base(), '/checkout-sessions', { agent: gemini, raw: 'not json' })).status).toBe(400);
    expect(kept.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('is handed to the shop’s payment page on complete; once paid it is completed and names its order, which only its agent reads', async () => {
    const made = await ucp(base(), '/checkout-sessions', {
      agent: gemini,
      body: twoPistols({
        buyer: { email: 'vera@example.com' },
        fulfillment: { methods: [{ type: 'shipping', destinations: [UK_ADDRESS] }] },
      }),
    });
    const id = made.json.id as string;
    // Stripe failing answers 503 (try again); the next try reaches Stripe under a new key, as its 500 is replayed for the old.
    running.stripe.state.mode = 'fail';
    const refused = await ucp(base(), `/checkout-sessions/${id}/complete`, { agent: gemini, body: {} });
    running.stripe.state.mode = 'ok';
    expect(refused).toMatchObject({ status: 503, json: { code: 'unavailable' } });
    expect(refused.headers.get('retry-after')).toBe('30');
    const complete = await ucp(base(), `/checkout-sessions/${id}/complete`, { agent: gemini, body: {}, idempotencyKey: 'complete-1' });
    expect(complete.status).toBe(200);
    expect(schemaErrors(SCHEMA.checkout, complete.json)).toEqual([]);
    expect(complete.json.status).toBe('requires_escalation');
    expect(complete.json.messages).toContainEqual(expect.objectContaining({ code: 'payment_required', severity: 'requires_buyer_input' }));
    const payPage = complete.json.continue_url as string;
    expect(payPage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_/);
    // The Stripe session charges the shop's prices for the chosen delivery to the given country only.
    const fields = running.stripe.received.at(-1)!.fields;
    expect(fields['line_items[0][price_data][unit_amount]']).toBe('14999');
    expect(fields['line_items[0][quantity]']).toBe('2');
    expect(fields['shipping_address_collection[allowed_countries][0]']).toBe('GB');
    expect(fields['shipping_address_collection[allowed_countries][1]']).toBeUndefined();
    expect(fields['metadata[agent_checkout]']).toBe(id);
    // Asked again: the same page, not a second one.
    const twice = await ucp(base(), `/checkout-sessions/${id}/complete`, { agent: gemini, body: {} });
    expect(twice.json.continue_url).toBe(payPage);
    // The buyer pays on it; Stripe's signed webhook records the order.
    const paid = await fetch(payPage, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const after = await ucp(base(), `/checkout-sessions/${id}`, { agent: gemini });
    expect(after.json.status).toBe('completed');
    expect(schemaErrors(SCHEMA.checkout, after.json)).toEqual([]);
    const number = after.json.order.id as string;
    const [order] = await running.app.deps.db.select().from(orders).where(eq(orders.number, number));
    expect(order).toMatchObject({ status: 'paid', subtotal: 29998, currency: 'GBP' });
    // The sale let the hold go in its own batch, and took the units.
    expect(await held(1)).toBe(0);
    const read = await ucp(base(), `/orders/${number}`, { agent: gemini });
    expect(read.status).toBe(200);
    expect(schemaErrors(SCHEMA.order, read.json)).toEqual([]);
    expect(read.json).toMatchObject({ id: number, checkout_id: id, currency: 'GBP' });
    expect(read.json.line_items[0]).toMatchObject({ item: { id: '1', price: 14999 }, quantity: { original: 2, total: 2, fulfilled: 0 } });
    expect((await ucp(base(), `/orders/${number}`, { agent: chatgpt })).status).toBe(404);
    // The owner's list (npm run orders) says which agent the order came through.
    const listed = await listOrders(running.app.deps.db, { limit: 10 });
    const report = formatOrderList(
      listed,
      await agentsOfOrders(
        running.app.deps.db,
        listed.map((o) => o.number),
      ),
    );
    expect(report.split('\n').find((l) => l.startsWith(number))).toContain('· through agent gemini');
    // And so do the back office's list and the order's page.
    const office = shopper(running.app, { Cookie: `__Host-admin=${await openSession(running.app.deps.db, OWNER)}` });
    expect((await office.get('/admin/orders')).html).toContain(`data-order-agent="gemini"`);
    expect((await office.get(`/admin/orders/${number}`)).html).toMatch(
      /data-order-agent="gemini"[^>]*>Bought through the shopping agent “gemini”/,
    );
    // The agent hears of its order at its webhook, signed by the shop's key (its profile's signing_keys),
    // first as it was placed, then once shipped; a refused delivery is tried again later.
    const shopKeys = ((await (await fetch(`${base()}/.well-known/ucp`)).json()) as { signing_keys: Array<JsonWebKey & { kid: string }> })
      .signing_keys;
    const deps = { db: running.app.deps.db, settings: running.app.deps.settings, log: kept.log };
    expect(await sendOrderEvents(deps)).toEqual({ sent: 1, failed: 0 });
    const created = agents.events.at(-1)!;
    expect(created.agent).toBe('gemini');
    expect(await verifyOrderEvent(created, shopKeys)).toBeNull();
    expect(await verifyOrderEvent({ ...created, body: created.body.replace('"GBP"', '"USD"') }, shopKeys)).toMatch(/Content-Digest/);
    expect(schemaErrors(SCHEMA.order, JSON.parse(created.body))).toEqual([]);
    await shipOrder(running.app.deps, { number, carrier: 'royal-mail', tracking: 'AB123456789GB', url: null }, 'terminal');
    agents.state.webhooksDown = true;
    expect(await sendOrderEvents(deps)).toEqual({ sent: 0, failed: 1 });
    agents.state.webhooksDown = false;
    expect(await sendOrderEvents(deps)).toEqual({ sent: 0, failed: 0 });
    expect(await sendOrderEvents(deps, Math.floor(Date.now() / 1000) + 120)).toEqual({ sent: 1, failed: 0 });
    const shippedEvent = agents.events.at(-1)!;
    expect(await verifyOrderEvent(shippedEvent, shopKeys)).toBeNull();
    expect(JSON.parse(shippedEvent.body).fulfillment.events[0]).toMatchObject({ type: 'shipped', tracking_number: 'AB123456789GB' });
    expect(shippedEvent.headers['webhook-id']).not.toBe(created.headers['webhook-id']);
    // A completed session cannot be cancelled.
    expect((await ucp(base(), `/checkout-sessions/${id}/cancel`, { agent: gemini, body: {} })).status).toBe(409);
  });

  it('answers canceled on cancel and lets its hold go, on the payment page too', async () => {
    const made = await ucp(base(), '/checkout-sessions', { agent: gemini, body: twoPistols() });
    expect(await held(1)).toBe(2);
    const cancelled = await ucp(base(), `/checkout-sessions/${made.json.id}/cancel`, { agent: gemini, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('canceled');
    expect(schemaErrors(SCHEMA.checkout, cancelled.json)).toEqual([]);
    expect(await held(1)).toBe(0);
    const handed = await ucp(base(), '/checkout-sessions', {
      agent: gemini,
      body: twoPistols({
        buyer: { email: 'vera@example.com' },
        fulfillment: { methods: [{ type: 'shipping', destinations: [UK_ADDRESS] }] },
      }),
    });
    const complete = await ucp(base(), `/checkout-sessions/${handed.json.id}/complete`, { agent: gemini, body: {} });
    const sessionId = (complete.json.continue_url as string).split('/pay/')[1]!;
    const gone = await ucp(base(), `/checkout-sessions/${handed.json.id}/cancel`, { agent: gemini, body: {} });
    expect(gone.json.status).toBe('canceled');
    expect(running.stripe.sessionStatus(sessionId)).toBe('expired');
    expect(await held(1)).toBe(0);
    // A cancelled session no longer changes.
    expect((await ucp(base(), `/checkout-sessions/${handed.json.id}`, { method: 'PUT', agent: gemini, body: twoPistols() })).status).toBe(
      409,
    );
  });

  it('keeps the buyer’s details no longer than the session: an ended one lets its hold go and forgets them, an erasure at once', async () => {
    const withBuyer = twoPistols({
      buyer: { email: 'Vera@Example.com' },
      fulfillment: { methods: [{ type: 'shipping', destinations: [UK_ADDRESS] }] },
    });
    const erased = await ucp(base(), '/checkout-sessions', { agent: gemini, body: withBuyer, idempotencyKey: 'names-vera' });
    const answersKept = async () => running.app.deps.db.$count(agentRequests, eq(agentRequests.key, 'names-vera'));
    expect(await answersKept()).toBe(1);
    const ended = await ucp(base(), '/checkout-sessions', {
      agent: chatgpt,
      body: { ...withBuyer, buyer: { email: 'other@example.com' } },
    });
    const row = async (id: string) => (await running.app.deps.db.select().from(agentCheckouts).where(eq(agentCheckouts.id, id)))[0]!;
    await erasePerson({ ...running.app.deps, log: kept.log }, 'vera@example.com');
    expect(await row(erased.json.id)).toMatchObject({ buyer: null, destination: null, status: 'open' });
    expect(await answersKept()).toBe(0);
    expect((await row(ended.json.id)).buyer).toEqual({ email: 'other@example.com' });
    expect(await held(1)).toBe(4);
    const later = Math.floor(Date.now() / 1000) + 24 * 3600;
    // The earlier tests' sessions end too: at least these two.
    expect(await closeEndedAgentCheckouts(running.app.deps, later)).toBeGreaterThanOrEqual(2);
    expect(await row(ended.json.id)).toMatchObject({ buyer: null, destination: null, status: 'canceled', reservation: null });
    expect(await held(1)).toBe(0);
    expect(await closeEndedAgentCheckouts(running.app.deps, later)).toBe(0);
    // A session past its end cannot be brought back by a change, even before the job has closed it.
    const stale = await ucp(base(), '/checkout-sessions', { agent: gemini, body: twoPistols() });
    await running.app.deps.db.update(agentCheckouts).set({ expiresAt: 1 }).where(eq(agentCheckouts.id, stale.json.id));
    const revived = await ucp(base(), `/checkout-sessions/${stale.json.id}`, { method: 'PUT', agent: gemini, body: twoPistols() });
    expect(revived).toMatchObject({ status: 409, json: { code: 'invalid_state' } });
    expect((await ucp(base(), `/checkout-sessions/${stale.json.id}`, { agent: gemini })).json.status).toBe('canceled');
  });
});
