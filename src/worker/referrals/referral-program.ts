import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import type { OrderMailDeps } from '#worker/orders/order-deps.ts';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { giveReward, rewardStands, withdrawReward } from '#shared/after-sale/ledger-moves.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { onLedger, readLedger } from '#worker/after-sale/accounts/ledger-store.ts';
import { normaliseRecipient } from '#shared/contact/recipient.ts';
import { claims } from '#shared/policy/figures.ts';
import { nowIso } from '#worker/base/clock.ts';
import { sha256Hex } from '#worker/base/hashing.ts';
import { orderUnsubscribeKey } from '#worker/base/secret-tokens.ts';
import { optedOut } from '#worker/limits/mail-opt-outs.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { orderEvents, orders } from '#worker/orders/order-tables.ts';
import { referralCodes } from '#worker/referrals/referral-tables.ts';
import { referralCodeFor } from '#worker/limits/sender-key.ts';
import { orderByNumber } from '#worker/orders/order-queries.ts';
import { sendOrderStepMails } from '#worker/orders/order-mail.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';

export interface ReferralDeps extends OrderMailDeps {
  gateway: CheckoutGateway | null;
  log: Logger;
}

/** Orders that count as a friend having bought before (a first order only earns a reward). */
const BOUGHT = ['pending', 'paid', 'partially_refunded', 'refunded'] as const;

/** Makes the buyer's code at Stripe (first orders only, any number of friends) unless it is made; never throws. */
async function makeRewardCode(deps: ReferralDeps, row: { id: number; code: string }) {
  if (!deps.gateway) return;
  try {
    await deps.gateway.createReferralCode(
      { code: row.code, amounts: claims.referralAmounts, firstTimeOnly: true, maxRedemptions: null },
      `referral-code-${row.code}`,
    );
    await deps.db.update(referralCodes).set({ made: true }).where(eq(referralCodes.id, row.id));
  } catch (err) {
    deps.log('warn', 'referral code not made at Stripe yet (the scheduled run tries again)', errorFields(err));
  }
}

/**
 * A paid order in Refer a Friend: its buyer's own code is kept and made at Stripe (the confirmation
 * names it: referralCodeFor); and when the order used another buyer's code as the friend's first
 * order, that buyer is rewarded once with a single-use code worth the same, mailed as a step of their
 * latest order (unique per friend order: a replayed event rewards once). Never for one's own code, a
 * friend who had bought before, or an order no longer paid in full. Never throws.
 */
export async function referralsOnPaid(deps: ReferralDeps, number: string): Promise<void> {
  try {
    const order = await orderByNumber(deps.db, number);
    if (!order?.email || order.status !== 'paid') return;
    const email = normaliseRecipient(order.email);
    const code = await referralCodeFor(deps.settings.RATE_LIMIT_SECRET, order.email);
    await deps.db
      .insert(referralCodes)
      .values({ email, orderEmail: order.email.toLowerCase(), code, createdAt: nowIso() })
      .onConflictDoNothing();
    const [own] = await deps.db.select().from(referralCodes).where(eq(referralCodes.email, email));
    if (own && !own.made) await makeRewardCode(deps, own);
    await rewardReferrer(deps, order);
  } catch (err) {
    deps.log('error', 'referral step failed', { order: number, ...errorFields(err) });
  }
}

/** The reward a friend's order earns, drawn from its secret token: the same however often it is asked, and unguessable. */
const rewardCodeFor = async (friendOrderToken: string) => `THANKS-${(await sha256Hex(`${friendOrderToken}:referral`, 5)).toUpperCase()}`;

/** The referrer bought from the friend's browser or network: a second address of the referrer's own, not a friend. */
async function sameBuyer(deps: ReferralDeps, referrerEmail: string, order: NonNullable<Awaited<ReturnType<typeof orderByNumber>>>) {
  const same = [
    ...(order.buyerHash ? [eq(orders.buyerHash, order.buyerHash)] : []),
    ...(order.buyerNetwork ? [eq(orders.buyerNetwork, order.buyerNetwork)] : []),
  ];
  if (same.length === 0) return false;
  const [found] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(sql`lower(${orders.email})`, referrerEmail), or(...same)))
    .limit(1);
  return found !== undefined;
}

async function rewardReferrer(deps: ReferralDeps, order: NonNullable<Awaited<ReturnType<typeof orderByNumber>>>) {
  const used = order.discountCode?.toUpperCase();
  if (!used?.startsWith('FRIEND-') || !order.email || !deps.gateway) return;
  const [referrer] = await deps.db.select().from(referralCodes).where(eq(referralCodes.code, used));
  if (!referrer || referrer.email === normaliseRecipient(order.email)) return;
  const [before] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(sql`lower(${orders.email})`, order.email.toLowerCase()), lt(orders.id, order.id), inArray(orders.status, [...BOUGHT])))
    .limit(1);
  if (before) return;
  if (await sameBuyer(deps, referrer.orderEmail, order)) {
    deps.log('info', 'referral not rewarded: the friend’s order came from the referrer’s own browser or network', { order: order.number });
    return;
  }
  if (await optedOut(deps.db, deps.settings.RATE_LIMIT_SECRET, referrer.orderEmail)) return;
  const [home] = await deps.db
    .select({ id: orders.id, token: orders.token })
    .from(orders)
    .where(eq(sql`lower(${orders.email})`, referrer.orderEmail))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!home) return;
  const reward = await rewardCodeFor(order.token);
  // On the friend's ledger first: the reward stands on that order, and a return of it withdraws it.
  const amount = claims.referralAmounts[order.currency];
  try {
    await onLedger(deps.db, order.id, 'stripe', (l) => ({ move: giveReward(l, reward, amount), value: null }));
  } catch (err) {
    if (err instanceof Refusal) return;
    throw err;
  }
  await deps.gateway.createReferralCode(
    { code: reward, amounts: claims.referralAmounts, firstTimeOnly: false, maxRedemptions: 1 },
    `referral-reward-${order.number}`,
  );
  await deps.db.batch(
    stepStatements(deps.db, {
      orderId: home.id,
      step: `referral:${order.number}`,
      kind: 'referral_rewarded',
      detail: { code: reward, request: order.number, keys: { unsubscribe: await orderUnsubscribeKey(home.token) } },
      mail: 'referral_reward',
      when: sql`1`,
      at: nowIso(),
    }),
  );
  await sendOrderStepMails(deps, deps.log, home.id);
}

/**
 * Rewards follow the goods: when an order that earned its referrer a reward comes back (refunded, or
 * returned for store credit, in whole or so far that the friend keeps less than the reward's worth),
 * the reward is switched off at Stripe if the referrer has not used it (a used one stays: it was spent
 * in good faith), written on the friend's ledger and timeline once. Idempotent; throws when Stripe
 * does not answer, so a refund's event is delivered again.
 */
export async function rewardFollowsGoods(deps: ReferralDeps, number: string): Promise<void> {
  const order = await orderByNumber(deps.db, number);
  if (!order || !deps.gateway) return;
  const read = await readLedger(deps.db, order.id);
  if (!read) return;
  const { ledger } = read;
  for (const given of ledger.entries.filter((e) => e.kind === 'reward' && e.code)) {
    const code = given.code!;
    if (ledger.rewardsWithdrawn.includes(code) || rewardStands(ledger, given.amount)) continue;
    const outcome = await deps.gateway.withdrawUnusedCode(code);
    if (outcome !== 'withdrawn') continue;
    deps.log('info', 'referral reward withdrawn', { order: number });
    await onLedger(deps.db, order.id, 'stripe', (l) => ({
      move: withdrawReward(l, code),
      value: null,
      steps: [{ step: 'referral:withdrawn', kind: 'referral_withdrawn', detail: { code } }],
    }));
  }
}

/** Scheduled: buyers' codes Stripe did not take yet, made now (a few a run). */
export async function makePendingReferralCodes(deps: ReferralDeps): Promise<number> {
  const pending = await deps.db.select().from(referralCodes).where(eq(referralCodes.made, false)).limit(20);
  for (const row of pending) await makeRewardCode(deps, row);
  return pending.length;
}

/** The back office's view: the newest codes issued to buyers, and the newest rewards (friends' first orders). */
export async function referralOverview(db: ReferralDeps['db']) {
  const [codes, rewards] = await Promise.all([
    db.select().from(referralCodes).orderBy(desc(referralCodes.id)).limit(50),
    db
      .select({ at: orderEvents.at, detail: orderEvents.detail, number: orders.number, email: orders.email })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orderEvents.status, 'referral_rewarded'))
      .orderBy(desc(orderEvents.at))
      .limit(50),
  ]);
  return { codes, rewards };
}

/** After an order is recorded paid: the buyer's code made at Stripe, and a referrer rewarded (after the answer; idempotent). */
export const referralsOnPaidHandler: StripeEventHandler<ReferralDeps & { background(work: Promise<unknown>): void }> = async (
  deps,
  _input,
  sofar,
) => {
  if (sofar.status === 'paid' && typeof sofar.order === 'string') deps.background(referralsOnPaid(deps, sofar.order));
  return {};
};

/** The events that may leave an order refunded in full. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.updated']);

/** After a refund is recorded: a referrer's unused reward for an order that no longer earns it is switched off (Stripe down: the event comes again). */
export const referralsOnRefundHandler: StripeEventHandler<ReferralDeps> = async (deps, { event }, sofar) => {
  if (typeof sofar.order === 'string' && REFUND_EVENTS.has(event.type)) await rewardFollowsGoods(deps, sofar.order);
  return {};
};
