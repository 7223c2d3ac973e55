import type { Context } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { MAX_EMAIL_ATTEMPTS } from '#worker/mail/retry-schedule.ts';
import { owedMail } from '#worker/mail/owed-mail.ts';
import type { Db } from '#worker/db/client.ts';
import type { MailTable } from '#worker/mail/owed-mail.ts';
import { formSubmissions, orderMails, orders, stockAlertMails } from '#worker/db/schema.ts';
import { errorFields } from '#worker/base/log.ts';

/** /healthz: liveness plus a database round trip; never cached. */
export async function health(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  // On the edge each isolate would key the limits with its own random secret: none would hold across isolates.
  const { runtime, settings } = c.get('deps');
  if (runtime === 'edge' && !settings.RATE_LIMIT_SECRET) {
    return c.json(
      {
        status: 'degraded',
        reason: 'RATE_LIMIT_SECRET is not set: every isolate counts its own limits (npx wrangler secret put RATE_LIMIT_SECRET)',
      },
      503,
    );
  }
  try {
    const { db } = c.get('deps');
    const [contactMail, orderMail, orderStepMail, stockAlertMail] = await Promise.all([
      owedReport(db, formSubmissions),
      owedReport(db, orders),
      owedReport(db, orderMails),
      owedReport(db, stockAlertMails),
    ]);
    return c.json({ status: 'ok', database: 'reachable', contactMail, orderMail, orderStepMail, stockAlertMail });
  } catch (err) {
    c.get('log')('error', 'health check: database unreachable', errorFields(err));
    return c.json({ status: 'degraded', database: 'unreachable' }, 503);
  }
}

/** Mail not yet in the shop's inbox: a growing number or age means mail is not going out. */
async function owedReport(db: Db, table: MailTable) {
  const { owed, oldestCreatedAt, overdue } = await owedMail(db, table, MAX_EMAIL_ATTEMPTS);
  return {
    owed,
    overdue,
    oldestOwedSeconds: oldestCreatedAt ? Math.max(0, Math.round((Date.now() - Date.parse(oldestCreatedAt)) / 1000)) : null,
  };
}
