import { and, eq } from 'drizzle-orm';
import { checkoutView, deliverable, type AgentCheckout } from '#shared/agents/ucp-checkout.ts';
import { regionOfContext, shopItemId } from '#shared/agents/ucp-catalog.ts';
import type { AgentCheckoutRequest } from '#shared/agents/ucp-requests.ts';
import { CAPABILITY, ucpEnvelope } from '#shared/agents/ucp-profile.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { dutyEstimates } from '#worker/base/settings.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { parseCode, STORE_CREDIT_PREFIX } from '#shared/offers/offer.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { extendHold, release, reserve } from '#worker/stock/reserve.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import { agentCheckouts } from './agent-tables.ts';
import type { AgentDeps, Answer } from './agent-answers.ts';
import { protocolError } from './agent-answers.ts';

/** A hold outlives its session a little, as the cart's does: a payment in the session's last second still finds its units. */
export const HOLD_GRACE_S = 5 * 60;

const CHECKOUT_CAPABILITIES = [CAPABILITY.checkout, CAPABILITY.fulfillment] as const;

type Row = typeof agentCheckouts.$inferSelect;

export const checkoutOf = (row: Row): AgentCheckout => ({
  id: row.id,
  status: row.status,
  region: row.region,
  lines: row.lines,
  buyer: row.buyer ?? null,
  destination: row.destination ?? null,
  option: row.option,
  held: row.reservation !== null,
  short: row.short,
  codes: row.codes,
  offer: row.offer ?? null,
  unknownCodes: row.unknownCodes,
  continueUrl: row.continueUrl,
  orderNumber: row.orderNumber,
  expiresAt: row.expiresAt,
});

/** The session as the agent is answered with it: its view from the catalogue as the database has it now. */
export async function sessionAnswer(deps: AgentDeps, row: Row, status = 200): Promise<Answer> {
  const checkout = checkoutOf(row);
  const byId = await productLookup(
    deps.db,
    checkout.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
  );
  return { status, body: sessionBody(deps, checkout, byId) };
}

export function sessionBody(deps: AgentDeps, checkout: AgentCheckout, product: (id: number) => CatalogueProduct | undefined) {
  const view = checkoutView(checkout, {
    product,
    siteUrl: deps.settings.SITE_URL,
    duties: dutyEstimates(deps.settings),
    now: nowSeconds(),
  });
  return { ucp: ucpEnvelope(CHECKOUT_CAPABILITIES, { siteUrl: deps.settings.SITE_URL }), ...view };
}

/** The agent's own session, or null (another agent's is as unknown as one never made). */
export async function ownCheckout(deps: AgentDeps, agent: string, id: string): Promise<Row | null> {
  if (!/^chk_[\w-]{22}$/.test(id)) return null;
  const [row] = await deps.db
    .select()
    .from(agentCheckouts)
    .where(and(eq(agentCheckouts.id, id), eq(agentCheckouts.agent, agent)))
    .limit(1);
  return row ?? null;
}

export const notFound = (): Answer => protocolError(404, 'not_found', 'No such checkout session.');

/** The lines an agent asked for, each with the shop's product it names (null for none). */
function linesOf(request: AgentCheckoutRequest): AgentCheckout['lines'] {
  return request.line_items.map((l, i) => ({
    id: l.id ?? `li_${i + 1}`,
    itemId: l.item.id,
    productId: shopItemId(l.item.id),
    quantity: l.quantity,
  }));
}

/** Units per product, for the hold (an agent may name a product on two lines). */
function unitsOf(lines: AgentCheckout['lines'], known: (id: number) => unknown) {
  const units = new Map<number, number>();
  for (const l of lines) if (l.productId !== null && known(l.productId)) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
  return [...units].map(([id, quantity]) => ({ id, quantity })).toSorted((a, b) => a.id - b.id);
}

const sameUnits = (a: ReadonlyArray<{ id: number; quantity: number }>, b: ReadonlyArray<{ id: number; quantity: number }>) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Holds what the session asks for, all lines or none (the cart's reserve: never more than is on hand
 * less what others hold), until the session ends; a session whose lines changed lets its old hold go
 * first. What could not be held is kept as `short`, for the view's out_of_stock messages.
 */
async function hold(deps: AgentDeps, id: string, previous: Row | null, units: Array<{ id: number; quantity: number }>, until: number) {
  const before = previous?.reservation ? unitsOf(previous.lines, () => true) : null;
  if (previous?.reservation && before && sameUnits(before, units) && previous.short.length === 0) {
    await extendHold(deps.db, previous.reservation, until + HOLD_GRACE_S);
    return { reservation: previous.reservation, short: [] as AgentCheckout['short'], moved: [] as number[] };
  }
  const moved = previous?.reservation ? await release(deps.db, previous.reservation) : [];
  if (units.length === 0) return { reservation: null, short: [], moved };
  const reservation = `ucp-${id}-${randomToken(6)}`;
  const holder = `ucp-checkout:${id}`;
  const held = await reserve(deps.db, reservation, units, until + HOLD_GRACE_S, {
    key: holder,
    network: holder,
    cap: deps.settings.CHECKOUT_HOLD_UNITS,
    sharePercent: deps.settings.CHECKOUT_HOLD_SHARE,
  });
  if (held.ok) return { reservation, short: [], moved: [...moved, ...units.map((u) => u.id)] };
  const short =
    'short' in held
      ? held.short.map((s) => ({ productId: s.productId, available: s.available }))
      : units.map((u) => ({ productId: u.id, available: -1 }));
  return { reservation: null, short, moved };
}

/** Where the destination (or else the context) puts the buyer: the market whose currency and shipping apply. */
function regionOf(request: AgentCheckoutRequest) {
  const destination = request.fulfillment?.methods[0]?.destinations?.[0];
  return regionOfContext(destination ?? request.context);
}

function chosenOption(request: AgentCheckoutRequest, previous: Row | null): AgentCheckout['option'] {
  const picked = request.fulfillment?.methods[0]?.groups?.[0]?.selected_option_id;
  return picked === 'express' || picked === 'standard' ? picked : (previous?.option ?? 'standard');
}

/**
 * Creates or restates a session (UCP's create and PUT: each states the whole session): prices from the
 * catalogue in the buyer's market, the units held, what is missing said in messages. A create whose
 * every line is unknown or sold out makes no session (UCP: an error, nothing to act on).
 */
export async function writeCheckout(deps: AgentDeps, agent: string, request: AgentCheckoutRequest, previous: Row | null): Promise<Answer> {
  if (previous && previous.status !== 'open')
    return protocolError(409, 'invalid_state', `The checkout is ${previous.status} and can no longer change.`);
  // An ended session stays ended (UCP: canceled; the agent starts a new one), even before the job has closed it.
  if (previous && nowSeconds() >= previous.expiresAt) return protocolError(409, 'invalid_state', 'The checkout has expired.');
  const lines = linesOf(request);
  const byId = await productLookup(
    deps.db,
    lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
  );
  const units = unitsOf(lines, byId);
  const id = previous?.id ?? `chk_${randomToken(16)}`;
  const now = nowSeconds();
  const expiresAt = now + deps.settings.CHECKOUT_HOLD_MINUTES * 60;
  const held = await hold(deps, id, previous, units, expiresAt);
  if (held.moved.length > 0) deps.background(stockChanged({ ...deps, changes: deps.changes }, held.moved));
  // Nothing to act on: every line unknown, or every known product has none to sell (UCP: no session).
  const nothing = units.every((u) => held.short.some((s) => s.productId === u.id && s.available === 0));
  if (!previous && nothing) {
    if (held.reservation) await release(deps.db, held.reservation);
    const code = units.length === 0 ? 'item_unavailable' : 'out_of_stock';
    const content = units.length === 0 ? 'None of the requested items is sold here.' : 'The requested items are out of stock.';
    return {
      status: 200,
      body: {
        ucp: ucpEnvelope(CHECKOUT_CAPABILITIES, { status: 'error' }),
        messages: [{ type: 'error', code, content, severity: 'unrecoverable' }],
        continue_url: new URL('/products', deps.settings.SITE_URL).toString(),
      },
    };
  }
  const destination = request.fulfillment?.methods[0]?.destinations?.[0] ?? null;
  const codes = await codesOf(deps, request.discounts?.codes ?? [], previous);
  const values = {
    ...codes,
    region: regionOf(request),
    lines,
    buyer: request.buyer ?? null,
    destination: destination && { ...destination, address_country: destination.address_country.toUpperCase() },
    option: chosenOption(request, previous),
    reservation: held.reservation,
    short: held.short,
    expiresAt,
    updatedAt: new Date(now * 1000).toISOString(),
  };
  const [row] = previous
    ? await deps.db.update(agentCheckouts).set(values).where(eq(agentCheckouts.id, id)).returning()
    : await deps.db
        .insert(agentCheckouts)
        .values({ id, agent, status: 'open', ...values })
        .returning();
  const checkout = checkoutOf(row!);
  return { status: previous ? 200 : 201, body: sessionBody(deps, checkout, byId) };
}

/**
 * The discount codes asked for (each PUT states them all; none clears them), the first looked up at
 * Stripe as the cart's code is: its offer kept for the view and the payment page, or the code noted
 * as unknown. Store credit is not taken through agents (it is held per checkout at the shop's own).
 */
async function codesOf(deps: AgentDeps, asked: readonly string[], previous: Row | null) {
  const codes = [...new Set(asked.map((c) => c.trim()).filter(Boolean))];
  const first = codes[0];
  if (!first || !deps.gateway || first.toUpperCase().startsWith(STORE_CREDIT_PREFIX) || parseCode(first) === null)
    return { codes, offer: null, unknownCodes: first && parseCode(first) === null ? [first] : [] };
  // The same first code as the session's last write: Stripe is not asked again (it is checked again at payment).
  if (previous && previous.codes[0]?.toUpperCase() === first.toUpperCase())
    return { codes, offer: previous.offer ?? null, unknownCodes: previous.unknownCodes.filter((c) => c === first) };
  const promo = await deps.gateway.findPromotionCode(first);
  if (!promo) return { codes, offer: null, unknownCodes: [first] };
  const { id, code, percentOff, amountOff, minimum } = promo;
  return { codes, offer: { id, code, percentOff, amountOff, minimum }, unknownCodes: [] };
}

/** A destination the session's market can ship to, checked again at completion (the view says why not). */
export const canShip = (checkout: AgentCheckout) =>
  checkout.destination !== null && deliverable(checkout.region, checkout.destination.address_country);
