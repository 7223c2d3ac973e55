import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ORDERS_ACCESS_MINUTES, ORDERS_LINK_MINUTES } from '#shared/orders/your-orders-rules.ts';
import { newToken, TOKEN, tokenHash } from '#worker/base/secret-tokens.ts';
import type { Db } from '#worker/db/client.ts';
import { orderAccess } from '#worker/order-access/access-tables.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** A one-time link's token for this address (lower case), valid ORDERS_LINK_MINUTES; only its hash is kept. */
export async function makeOrdersLink(db: Db, email: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await db.insert(orderAccess).values({
    tokenHash: await tokenHash(token),
    kind: 'link',
    email,
    expiresAt: iso(now + ORDERS_LINK_MINUTES * 60_000),
    createdAt: iso(now),
  });
  return token;
}

/** Whether a link mailed to this address since `since` (ms) is still unused and working: a new ask then mails nothing. */
export async function unusedOrdersLinkSince(db: Db, email: string, since: number, now = Date.now()): Promise<boolean> {
  const [link] = await db
    .select({ id: orderAccess.id })
    .from(orderAccess)
    .where(
      and(
        eq(orderAccess.email, email),
        gt(orderAccess.createdAt, iso(since)),
        eq(orderAccess.kind, 'link'),
        isNull(orderAccess.usedAt),
        gt(orderAccess.expiresAt, iso(now)),
      ),
    )
    .limit(1);
  return link !== undefined;
}

/** A link read without using it: one that still works, used, too old, or not one of ours (cut short, mistyped). */
export async function ordersLinkState(db: Db, token: string, now = Date.now()): Promise<'live' | 'used' | 'expired' | 'unknown'> {
  if (!TOKEN.test(token)) return 'unknown';
  const [link] = await db
    .select({ usedAt: orderAccess.usedAt, expiresAt: orderAccess.expiresAt })
    .from(orderAccess)
    .where(and(eq(orderAccess.tokenHash, await tokenHash(token)), eq(orderAccess.kind, 'link')));
  if (!link) return 'unknown';
  if (link.usedAt) return 'used';
  return link.expiresAt > iso(now) ? 'live' : 'expired';
}

/**
 * Uses a link: marks it used in the statement that finds it unused and unexpired (two taps at once:
 * one wins), then opens ORDERS_ACCESS_MINUTES of access to its address. The access token, or null.
 */
export async function redeemLink(db: Db, token: string, now = Date.now()): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [link] = await db
    .update(orderAccess)
    .set({ usedAt: iso(now) })
    .where(
      and(
        eq(orderAccess.tokenHash, await tokenHash(token)),
        eq(orderAccess.kind, 'link'),
        isNull(orderAccess.usedAt),
        gt(orderAccess.expiresAt, iso(now)),
      ),
    )
    .returning({ email: orderAccess.email });
  if (!link) return null;
  const access = newToken();
  await db.insert(orderAccess).values({
    tokenHash: await tokenHash(access),
    kind: 'session',
    email: link.email,
    expiresAt: iso(now + ORDERS_ACCESS_MINUTES * 60_000),
    createdAt: iso(now),
  });
  return access;
}

/** The address an access token opens, while it lasts; null otherwise. */
export async function ordersAccessEmail(db: Db, token: string | undefined, now = Date.now()): Promise<string | null> {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({ email: orderAccess.email })
    .from(orderAccess)
    .where(
      and(
        eq(orderAccess.tokenHash, await tokenHash(token)),
        eq(orderAccess.kind, 'session'),
        isNull(orderAccess.usedAt),
        gt(orderAccess.expiresAt, iso(now)),
      ),
    );
  return row?.email ?? null;
}

/** Ends an access before its time (the shopper's "Forget me on this device"). */
export async function endAccess(db: Db, token: string | undefined, now = Date.now()): Promise<void> {
  if (!token || !TOKEN.test(token)) return;
  await db
    .update(orderAccess)
    .set({ usedAt: iso(now) })
    .where(and(eq(orderAccess.tokenHash, await tokenHash(token)), eq(orderAccess.kind, 'session')));
}

/** Links and accesses over for a day: what a dead link says needs them only that long. */
const accessOver = (now: number) => lt(orderAccess.expiresAt, iso(now - 86_400_000));

/** Scheduled (and the retention run): links and accesses over for a day are deleted. How many. */
export async function tidyOrderAccess(db: Db, now = Date.now()): Promise<number> {
  return (await db.delete(orderAccess).where(accessOver(now)).returning({ id: orderAccess.id })).length;
}

/** How many links and accesses the tidy-up would delete at `now` (the retention's dry run). */
export const countOrderAccessDue = (db: Db, now = Date.now()): Promise<number> => db.$count(orderAccess, accessOver(now));
