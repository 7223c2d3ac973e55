import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { LINK_VALID_MINUTES, SESSION_IDLE_HOURS, SESSION_MAX_DAYS } from '#shared/admin/admin-rules.ts';
import type { Db } from '#worker/db/client.ts';
import { adminLinks, adminSessions } from '#worker/admin/admin-tables.ts';
import { newToken, TOKEN, tokenHash } from '#worker/base/secret-tokens.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const IDLE_MS = SESSION_IDLE_HOURS * 3_600_000;
const MAX_MS = SESSION_MAX_DAYS * 86_400_000;
/** A session's last use is written at most this often (each page would otherwise write a row). */
const SEEN_EVERY_MS = 60_000;

/** A one-time sign-in link's token for this (listed) address, valid LINK_VALID_MINUTES; only its hash is stored. */
export async function makeSignInLink(db: Db, email: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await db.insert(adminLinks).values({ tokenHash: await tokenHash(token), email, expiresAt: iso(now + LINK_VALID_MINUTES * 60_000) });
  return token;
}

/** Whether a link mailed to this address since `since` (ms) is still unused: a new ask then mails nothing. */
export async function unusedSignInLinkSince(db: Db, email: string, since: number): Promise<boolean> {
  const [link] = await db
    .select({ id: adminLinks.id })
    .from(adminLinks)
    .where(and(eq(adminLinks.email, email), gt(adminLinks.createdAt, iso(since)), isNull(adminLinks.usedAt)))
    .limit(1);
  return link !== undefined;
}

/**
 * Uses a link: marks it used in the same statement that finds it unused and unexpired (two clicks at
 * once: one wins), then opens a session for its address. Null for an unknown, used or expired link.
 */
export async function redeemSignInLink(db: Db, token: string, now = Date.now()): Promise<{ email: string; session: string } | null> {
  if (!TOKEN.test(token)) return null;
  const [link] = await db
    .update(adminLinks)
    .set({ usedAt: iso(now) })
    .where(and(eq(adminLinks.tokenHash, await tokenHash(token)), isNull(adminLinks.usedAt), gt(adminLinks.expiresAt, iso(now))))
    .returning({ email: adminLinks.email });
  if (!link) return null;
  return { email: link.email, session: await openSession(db, link.email, now) };
}

/** What a sign-in link is, read without using it: one that still works, used, too old, or not one of ours (cut short, mistyped). */
export async function signInLinkState(db: Db, token: string, now = Date.now()): Promise<'live' | 'used' | 'expired' | 'unknown'> {
  if (!TOKEN.test(token)) return 'unknown';
  const [link] = await db
    .select({ usedAt: adminLinks.usedAt, expiresAt: adminLinks.expiresAt })
    .from(adminLinks)
    .where(eq(adminLinks.tokenHash, await tokenHash(token)));
  if (!link) return 'unknown';
  if (link.usedAt) return 'used';
  return link.expiresAt > iso(now) ? 'live' : 'expired';
}

/** A new session for a signed-in address; the cookie carries the token, the row its hash. */
export async function openSession(db: Db, email: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await db.insert(adminSessions).values({ tokenHash: await tokenHash(token), email, lastSeenAt: iso(now), createdAt: iso(now) });
  return token;
}

/** The address of a live session (not ended, used within SESSION_IDLE_HOURS, begun within SESSION_MAX_DAYS), its last use moved on; null otherwise. */
export async function sessionEmail(db: Db, token: string | undefined, now = Date.now()): Promise<string | null> {
  if (!token || !TOKEN.test(token)) return null;
  const hash = await tokenHash(token);
  const [row] = await db
    .select({ email: adminSessions.email, lastSeenAt: adminSessions.lastSeenAt })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, hash),
        isNull(adminSessions.endedAt),
        gt(adminSessions.lastSeenAt, iso(now - IDLE_MS)),
        gt(adminSessions.createdAt, iso(now - MAX_MS)),
      ),
    );
  if (!row) return null;
  if (Date.parse(row.lastSeenAt) < now - SEEN_EVERY_MS) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: iso(now) })
      .where(eq(adminSessions.tokenHash, hash));
  }
  return row.email;
}

/**
 * Sign-out: the session ends for good (its cookie opens nothing from now on, on any isolate); with
 * `everywhere`, every session of its address (a phone left signed in, a cookie that may be stolen).
 * How many ended.
 */
export async function endSession(db: Db, token: string | undefined, opts: { everywhere?: boolean; now?: number } = {}): Promise<number> {
  if (!token || !TOKEN.test(token)) return 0;
  const hash = await tokenHash(token);
  const which = opts.everywhere
    ? sql`${adminSessions.email} = (select email from ${adminSessions} where token_hash = ${hash})`
    : eq(adminSessions.tokenHash, hash);
  const ended = await db
    .update(adminSessions)
    .set({ endedAt: iso(opts.now ?? Date.now()) })
    .where(and(which, isNull(adminSessions.endedAt)))
    .returning({ id: adminSessions.id });
  return ended.length;
}

/** Scheduled: links a day past their end and sessions a month past their last use are deleted (form tokens: admin/form-once.ts). */
export async function tidyAdminSessions(db: Db, now = Date.now()): Promise<number> {
  const [links, sessions] = await db.batch([
    db
      .delete(adminLinks)
      .where(lt(adminLinks.expiresAt, iso(now - 86_400_000)))
      .returning({ id: adminLinks.id }),
    db
      .delete(adminSessions)
      .where(or(lt(adminSessions.lastSeenAt, iso(now - 30 * 86_400_000)), lt(adminSessions.endedAt, iso(now - 30 * 86_400_000))))
      .returning({ id: adminSessions.id }),
  ]);
  return links.length + sessions.length;
}
