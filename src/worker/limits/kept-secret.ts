import { eq } from 'drizzle-orm';
import { randomToken } from '#worker/base/hashing.ts';
import type { Db } from '#worker/db/client.ts';
import { keptSecrets } from '#worker/limits/limit-tables.ts';
import type { Settings } from '#worker/base/settings.ts';

/**
 * The secret this database keeps under `name`: drawn the first time it is asked for (two processes at
 * once keep the first one written), the same one ever after, whichever process asks.
 */
export async function keptSecret(db: Db, name: string, draw: () => Promise<string> = async () => randomToken(32)): Promise<string> {
  const [kept] = await db.select({ value: keptSecrets.value }).from(keptSecrets).where(eq(keptSecrets.name, name));
  // Drawn only when none is kept (a signing key costs a key generation at every start otherwise).
  if (kept) return kept.value;
  await db
    .insert(keptSecrets)
    .values({ name, value: await draw() })
    .onConflictDoNothing();
  const [row] = await db.select({ value: keptSecrets.value }).from(keptSecrets).where(eq(keptSecrets.name, name));
  if (!row) throw new Error(`the secret ${name} was not kept`);
  return row.value;
}

/**
 * Settings with a RATE_LIMIT_SECRET on Node: the operator's, else the one the database keeps. Without
 * it each start drew a new key, and what was keyed before a restart (an address that unsubscribed, a
 * buyer's Refer a Friend code, the limits) no longer matched. The Worker keeps refusing to run without one.
 */
export async function withKeptSecret(settings: Settings, db: Db): Promise<Settings> {
  if (settings.RATE_LIMIT_SECRET) return settings;
  return { ...settings, RATE_LIMIT_SECRET: await keptSecret(db, 'RATE_LIMIT_SECRET') };
}
