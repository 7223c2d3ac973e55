import { lt } from 'drizzle-orm';
import { randomToken } from '#worker/base/hashing.ts';
import type { Db } from '#worker/db/client.ts';
import { adminFormUses } from '#worker/admin/admin-tables.ts';

const FORM_TOKEN = /^[\w-]{22}$/;
/** Claimed tokens are forgotten after a day: a form left open longer is sent again as new. */
const KEPT_MS = 86_400_000;

/** A fresh one-time token for a back-office form (128 random bits). */
export const newFormToken = (): string => randomToken(16);

/**
 * Claims a form's token: 'first' for the post that claims it (the action goes ahead), 'again' for any
 * later post of the same form (nothing is done twice), 'missing' for a post without a usable token.
 * One insert decides, so two posts at once cannot both be first.
 */
export async function claimFormToken(db: Db, token: string | undefined, now = Date.now()): Promise<'first' | 'again' | 'missing'> {
  if (!token || !FORM_TOKEN.test(token)) return 'missing';
  const claimed = await db
    .insert(adminFormUses)
    .values({ token, usedAt: new Date(now).toISOString() })
    .onConflictDoNothing()
    .returning({ token: adminFormUses.token });
  return claimed.length > 0 ? 'first' : 'again';
}

/** Scheduled: claims older than a day are deleted. */
export async function tidyFormTokens(db: Db, now = Date.now()): Promise<void> {
  await db.delete(adminFormUses).where(lt(adminFormUses.usedAt, new Date(now - KEPT_MS).toISOString()));
}
