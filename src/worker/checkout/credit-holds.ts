import { and, eq, lte, or } from 'drizzle-orm';
import { STORE_CREDIT_PREFIX } from '#shared/offers/offer.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import type { Db } from '#worker/db/client.ts';
import { creditCodeHolds } from '#worker/checkout/checkout-tables.ts';
import { stockReservations } from '#worker/stock/stock-tables.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';

/**
 * A store credit code is single-use, and Stripe checks that only when a session is paid: two open
 * checkouts could both carry it. So a checkout takes the code first, until its session stops taking
 * payment; another checkout is told before it reaches Stripe. The same checkout again (a double
 * submit: its reservation) keeps it. A holder whose session Stripe says is closed (paid, expired) holds
 * nothing any more: anyone takes it. The same browser's new checkout (back from Stripe, the cart
 * changed) takes it over once Stripe has closed the earlier session; while that session is still being
 * made (two tabs at once) the later one is told to wait. Other codes are not held. Returns null when
 * this checkout has it, or until when another holds it (epoch seconds).
 */
export async function holdCreditCode(
  db: Db,
  gateway: CheckoutGateway,
  code: string | null,
  holder: { reservation: string; buyer: string; until: number },
): Promise<number | null> {
  const upper = code?.toUpperCase();
  if (!upper?.startsWith(STORE_CREDIT_PREFIX)) return null;
  const take = async (when: ReturnType<typeof or>) =>
    (
      await db
        .insert(creditCodeHolds)
        .values({ code: upper, ...holder })
        .onConflictDoUpdate({ target: creditCodeHolds.code, set: holder, setWhere: when })
        .returning({ code: creditCodeHolds.code })
    ).length > 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await take(or(lte(creditCodeHolds.until, nowSeconds()), eq(creditCodeHolds.reservation, holder.reservation)))) return null;
    const [other] = await db.select().from(creditCodeHolds).where(eq(creditCodeHolds.code, upper));
    // Let go between the two reads: take it again.
    if (!other) continue;
    const [earlier] = await db
      .select({ session: stockReservations.sessionId })
      .from(stockReservations)
      .where(eq(stockReservations.reservation, other.reservation))
      .limit(1);
    if (!earlier?.session) return other.until;
    const page = await gateway.readSession(earlier.session);
    let closed = !page || page.status !== 'open';
    if (!closed && other.buyer === holder.buyer) {
      // Closed at Stripe now: the earlier checkout can no longer spend the code.
      await gateway.expireSession(earlier.session);
      closed = true;
    }
    if (closed && (await take(eq(creditCodeHolds.reservation, other.reservation)))) return null;
    return other.until;
  }
  return holder.until;
}

/** A checkout's session expired: the code it held is free at once (not at the hold's end). */
export const creditHoldOnExpiredHandler: StripeEventHandler<{ db: Db }> = async (deps, input) => {
  const reservation = (await input.session())?.metadata.reservation;
  if (reservation) await deps.db.delete(creditCodeHolds).where(eq(creditCodeHolds.reservation, reservation));
  return {};
};

/** Lets a checkout's code go (its session could not be made). */
export async function releaseCreditCode(db: Db, code: string | null, reservation: string): Promise<void> {
  if (!code) return;
  await db.delete(creditCodeHolds).where(and(eq(creditCodeHolds.code, code.toUpperCase()), eq(creditCodeHolds.reservation, reservation)));
}
