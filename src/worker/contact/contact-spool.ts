import { sql } from 'drizzle-orm';
import type { SpooledContact } from '#worker/base/contact-spool-contract.ts';
import type { Db } from '#worker/db/client.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { erasedAddresses, rateHits } from '#worker/limits/limit-tables.ts';
import { FORM_TOKEN_SCOPE } from './fill-time.ts';

/** What saving a kept message did: saved now, saved before (a second delivery), or not saved: its form's token had served another message, or its sender was erased since it was sent. */
export type SpoolSave = 'saved' | 'known' | 'token_spent' | 'erased';

/**
 * A contact message kept while the database was down (base/contact-spool-contract.ts) saved once it
 * answers, in one write: the row (one per spoolId, so a second delivery, a restart or two readers at
 * once change nothing) and, when the one-use check of its form's token could not be made as it came,
 * that check: the row only while no other message used the token, and the token marked used with it;
 * never for an address erased since the message was sent.
 */
export async function saveSpooled(db: Db, message: SpooledContact): Promise<SpoolSave> {
  const { spoolId, at, formToken, name, email, phone, subject, message: text, senderKey, recipientKey, confirmationWanted } = message;
  const t = formSubmissions;
  // An erasure after the message was sent reaches it here: it is never saved, so never mailed.
  const erasedSince = sql`exists (select 1 from ${erasedAddresses} e where e.email_key = ${recipientKey} and e.at >= ${at})`;
  const unspent = formToken
    ? sql`not exists (select 1 from ${rateHits} where ${rateHits.scope} = ${FORM_TOKEN_SCOPE} and ${rateHits.key} = ${formToken.key} and ${rateHits.window} = ${formToken.window})`
    : sql`1`;
  const [inserted, , row, erased] = await db.batch([
    db.run(
      sql`insert into ${t} (name, email, phone, subject, message, sender_key, recipient_key, confirmation_wanted, spool_id, created_at)
        select ${name}, ${email}, ${phone}, ${subject}, ${text}, ${senderKey}, ${recipientKey}, ${confirmationWanted ? 1 : 0}, ${spoolId}, ${at}
        where ${unspent} and not ${erasedSince} on conflict (spool_id) do nothing`,
    ),
    formToken
      ? db.run(
          sql`insert into ${rateHits} (scope, key, window, hits) select ${FORM_TOKEN_SCOPE}, ${formToken.key}, ${formToken.window}, 1
            where exists (select 1 from ${t} where ${t.spoolId} = ${spoolId}) on conflict do nothing`,
        )
      : db.run(sql`select 1`),
    db
      .select({ id: t.id })
      .from(t)
      .where(sql`${t.spoolId} = ${spoolId}`),
    db.all<{ erased: number }>(sql`select ${erasedSince} as erased`),
  ]);
  if ((inserted as { rowsAffected: number }).rowsAffected > 0) return 'saved';
  if (row.length > 0) return 'known';
  return erased[0]?.erased ? 'erased' : 'token_spent';
}
