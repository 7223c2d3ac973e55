import { and, eq, lte, or } from 'drizzle-orm';
import { STORE_CREDIT_PREFIX } from '#shared/offers/offer.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import type { Db } from '#worker/db/client.ts';
import { creditCodeHolds } from '#worker/checkout/checkout-tables.ts';
import { stockReservations } from '#worker/stock/stock-tables.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';

/**
 * A store credit code is single-use, and Stripe checks that only when a session is paid: two open
 * checkouts could both carry it. So a checkout takes the code first, until its session stops taking
 * payment; another browser's checkout is told before it reaches Stripe. The same checkout again (a
 * double submit: its reservation) keeps it; the same browser's new checkout (back from Stripe, the
 * cart changed) takes it over once Stripe has closed the earlier session. Other codes are not held.
 * Returns null when this checkout has it, or until when another holds it (epoch seconds).
 */
export async function holdCreditCode(
  db: Db,
  gateway: CheckoutGateway,
  code: string | null,
  holder: { reservation: string; buyer: string; until: number },
): Promise<number | null> {
  const upper = code?.toUpperCase();
  if (!upper?.startsWith(STORE_CREDIT_PREFIX)) return null;
  const take = (when: ReturnType<typeof or>) =>
    db
      .insert(creditCodeHolds)
      .values({ code: upper, ...holder })
      .onConflictDoUpdate({ target: creditCodeHolds.code, set: holder, setWhere: when })
      .returning({ code: creditCodeHolds.code });
  const free = or(lte(creditCodeHolds.until, nowSeconds()), eq(creditCodeHolds.reservation, holder.reservation));
  if ((await take(free)).length > 0) return null;
  const [other] = await db.select().from(creditCodeHolds).where(eq(creditCodeHolds.code, upper));
  if (!other) return null;
  if (other.buyer === holder.buyer) {
    const [earlier] = await db
      .select({ session: stockReservations.sessionId })
      .from(stockReservations)
      .where(eq(stockReservations.reservation, other.reservation))
      .limit(1);
    // Closed at Stripe (expired now, or paid or expired before): the earlier checkout can no longer spend the code.
    if (earlier?.session) await gateway.expireSession(earlier.session);
    if ((await take(eq(creditCodeHolds.reservation, other.reservation))).length > 0) return null;
  }
  return other.until;
}

/** Lets a checkout's code go (its session could not be made). */
export async function releaseCreditCode(db: Db, code: string | null, reservation: string): Promise<void> {
  if (!code) return;
  await db.delete(creditCodeHolds).where(and(eq(creditCodeHolds.code, code.toUpperCase()), eq(creditCodeHolds.reservation, reservation)));
}
