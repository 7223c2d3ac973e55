import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { availableOf } from '#shared/catalogue/stock-level.ts';
import { howManyToTell } from '#shared/stock-alerts/alert-rules.ts';
import { stockAlertMails, stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import type { Logger } from '#worker/base/log.ts';
import type { MailDeps } from '#worker/mail/send-owed.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';
import { sendAlertMails } from './alert-mail.ts';

/** One call tells at most this many per product; a longer queue goes on at the next call (the scheduled job's). */
const MOST_PER_CALL = 1000;

export type TellDeps = MailDeps & { log: Logger };

/**
 * Tells the shoppers waiting for these products (or for any product: the scheduled job's sweep) that
 * are available again: oldest confirmed request first, as many as howManyToTell allows. For each, one
 * transaction writes the back-in-stock mail row and ends the request, so a request is told once
 * however many callers race (a restock, a return, a hold let go, the sweep) and a crash between the
 * two cannot happen; the mail then goes through the owed-mail queue (exactly once, retried until it
 * goes). Returns how many were told.
 */
export async function tellWaiting(deps: TellDeps, productIds: readonly number[] | 'all'): Promise<number> {
  const { db } = deps;
  if (productIds !== 'all' && productIds.length === 0) return 0;
  const waiting = await db
    .selectDistinct({ productId: stockAlerts.productId })
    .from(stockAlerts)
    .where(
      and(
        isNull(stockAlerts.endedAt),
        isNotNull(stockAlerts.confirmedAt),
        productIds === 'all' ? undefined : inArray(stockAlerts.productId, [...productIds]),
      ),
    );
  if (waiting.length === 0) return 0;
  const counts = await stockCounts(
    db,
    waiting.map((w) => w.productId),
  );
  const mailIds: number[] = [];
  for (const count of counts) {
    const tell = Math.min(howManyToTell(availableOf(count), deps.settings.STOCK_ALERT_FACTOR), MOST_PER_CALL);
    if (tell === 0) continue;
    const at = new Date().toISOString();
    const oldest = sql`select id from ${stockAlerts} where product_id = ${count.productId} and ended_at is null and confirmed_at is not null order by id limit ${tell}`;
    const [inserted] = await db.batch([
      db.all<{ id: number }>(
        sql`insert or ignore into ${stockAlertMails} (alert_id, kind, confirmation_wanted, created_at)
          select id, 'back', 0, ${at} from (${oldest}) returning id`,
      ),
      db.run(
        sql`update ${stockAlerts} set ended_at = ${at}, end_reason = 'told'
          where product_id = ${count.productId} and ended_at is null
            and exists (select 1 from ${stockAlertMails} m where m.alert_id = ${stockAlerts}.id and m.kind = 'back')`,
      ),
    ]);
    mailIds.push(...inserted.map((r) => r.id));
    if (inserted.length > 0) deps.log('info', 'waiting shoppers told', { productId: count.productId, told: inserted.length });
  }
  await sendAlertMails(deps, deps.log, mailIds);
  return mailIds.length;
}
