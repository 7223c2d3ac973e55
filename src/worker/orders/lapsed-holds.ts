import { errorFields } from '#worker/base/log.ts';
import type { SessionRecord } from '#worker/payments/checkout-gateway.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import { lapsedHolds, release } from '#worker/stock/reserve.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { recordSession, type RecordDeps } from './record-session.ts';

/**
 * A hold that names no session (it could not be made, or naming it failed) is let go this long after
 * its time: a payment could reach it only through a session the shop never heard of.
 */
export const ORPHAN_HOLD_AFTER_S = 24 * 60 * 60;

export interface LapsedHoldsRun {
  /** Holds let go: Stripe said their session expired or never was, or they named none for a day. */
  released: number;
  /** Holds whose session was paid after all (its webhook late): recorded as the order it is. */
  recorded: number;
  /** Holds kept: their session is still open, or Stripe could not say. */
  kept: number;
}

/**
 * Holds past their time are let go only once Stripe says their session was not paid: a paid session
 * whose `completed` webhook is still being retried (a database outage) must not have its units sold
 * again. Its order is recorded now instead, by the same recipe as the webhook (which lets the hold go
 * in the order's batch). A read that fails keeps the hold for the next run. Payment links follow.
 */
export async function settleLapsedHolds(deps: RecordDeps, now = nowSeconds()): Promise<LapsedHoldsRun> {
  const run: LapsedHoldsRun = { released: 0, recorded: 0, kept: 0 };
  const freed = new Set<number>();
  const letGo = async (reservation: string) => {
    for (const productId of await release(deps.db, reservation)) freed.add(productId);
    run.released++;
  };
  for (const hold of await lapsedHolds(deps.db, now)) {
    if (!hold.sessionId) {
      if (now - hold.expiresAt >= ORPHAN_HOLD_AFTER_S) await letGo(hold.reservation);
      else run.kept++;
      continue;
    }
    let session: SessionRecord | null;
    try {
      session = await deps.gateway.readSession(hold.sessionId);
    } catch (err) {
      deps.log('warn', 'lapsed hold kept: Stripe could not say', errorFields(err));
      run.kept++;
      continue;
    }
    if (session?.status === 'complete') {
      await recordSession(deps, session.id, 'checkout.session.completed');
      run.recorded++;
    } else if (!session || session.status === 'expired') await letGo(hold.reservation);
    else run.kept++;
  }
  if (freed.size > 0) await stockChanged(deps, [...freed]);
  return run;
}
