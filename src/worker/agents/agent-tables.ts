import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AgentCheckout } from '#shared/agents/ucp-checkout.ts';
import type { Region } from '#shared/region/region.ts';
import { now } from '#worker/db/table-parts.ts';

/**
 * A checkout session an agent built through UCP (docs/agents.md): what it asked for, its hold, and
 * once handed to the payment page, the Stripe session whose payment becomes the order. Only the agent
 * that made it reads it.
 */
export const agentCheckouts = sqliteTable(
  'agent_checkouts',
  {
    id: text('id').primaryKey(),
    agent: text('agent').notNull(),
    status: text('status', { enum: ['open', 'escalated', 'completed', 'canceled'] }).notNull(),
    region: text('region').notNull().$type<Region>(),
    lines: text('lines', { mode: 'json' }).notNull().$type<AgentCheckout['lines']>(),
    buyer: text('buyer', { mode: 'json' }).$type<AgentCheckout['buyer']>(),
    destination: text('destination', { mode: 'json' }).$type<AgentCheckout['destination']>(),
    option: text('option').notNull().$type<AgentCheckout['option']>(),
    /** The stock hold's reservation (stock_reservations) while one is held, else null. */
    reservation: text('reservation'),
    short: text('short', { mode: 'json' }).notNull().$type<AgentCheckout['short']>(),
    /** The discount codes the agent sent, the promotion code Stripe knows for the first (its offer), and those it did not know. */
    codes: text('codes', { mode: 'json' }).notNull().default([]).$type<string[]>(),
    offer: text('offer', { mode: 'json' }).$type<AgentCheckout['offer']>(),
    unknownCodes: text('unknown_codes', { mode: 'json' }).notNull().default([]).$type<string[]>(),
    /** The Checkout Session the buyer was handed to, and its page. */
    sessionId: text('session_id').unique(),
    continueUrl: text('continue_url'),
    orderNumber: text('order_number'),
    /** Epoch seconds: the session, and its hold, end then. */
    expiresAt: integer('expires_at').notNull(),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('agent_checkouts_agent_idx').on(t.agent, t.createdAt),
    index('agent_checkouts_open_idx').on(t.status, t.expiresAt),
    // The order-step trigger and the owner's lists find an order's agent by its number.
    index('agent_checkouts_order_idx').on(t.orderNumber),
  ],
);

/**
 * An agent's Idempotency-Key and the answer it got (UCP: kept at least 24 hours): the same key with
 * the same request is answered the same, with another request 409.
 */
export const agentRequests = sqliteTable(
  'agent_requests',
  {
    agent: text('agent').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body the key was first used with. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    /** Epoch seconds. */
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agent, t.key] }), index('agent_requests_at_idx').on(t.at)],
);

/** What the ACP feed endpoint was last sent of each product (a hash of its entry), so only changes are pushed again. */
export const acpFeedEntries = sqliteTable('acp_feed_entries', {
  productId: integer('product_id').primaryKey(),
  hash: text('hash').notNull(),
  pushedAt: text('pushed_at').notNull().default(now),
});

/** The feed the ACP endpoint made for the shop (its id), one row. */
export const acpFeeds = sqliteTable('acp_feeds', {
  url: text('url').primaryKey(),
  feedId: text('feed_id').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

/**
 * An order event owed to the agent whose checkout became the order (UCP order webhooks): written when
 * the order is linked ("created") and, by a trigger in the migration (0047), whenever a step is added to
 * its timeline. Sent as the order's whole current state, signed; retried until the agent's webhook
 * takes it. Several owed for one order go as one.
 */
export const agentOrderEvents = sqliteTable(
  'agent_order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderNumber: text('order_number').notNull(),
    agent: text('agent').notNull(),
    /** Epoch seconds: not before then (the back-off after a refusal). */
    nextAt: integer('next_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: text('sent_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('agent_order_events_due_idx').on(t.sentAt, t.nextAt), index('agent_order_events_order_idx').on(t.orderNumber)],
);
