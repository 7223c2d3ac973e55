import type { SpooledContact } from '#worker/base/contact-spool-contract.ts';
import type { Db } from '#worker/db/client.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';

/**
 * A contact message kept while the database was down (base/contact-spool-contract.ts) saved once it
 * answers: one row per spoolId, so a second delivery changes nothing. Answers whether this call saved it.
 */
export async function saveSpooled(db: Db, message: SpooledContact): Promise<boolean> {
  const { spoolId, at, ...fields } = message;
  const saved = await db
    .insert(formSubmissions)
    .values({ ...fields, spoolId, createdAt: at })
    .onConflictDoNothing({ target: formSubmissions.spoolId })
    .returning({ id: formSubmissions.id });
  return saved.length > 0;
}
