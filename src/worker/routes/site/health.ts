import type { Context } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { MAX_EMAIL_ATTEMPTS } from '#worker/mail/retry-schedule.ts';
import { owedMail } from '#worker/mail/owed-mail.ts';
import type { Db } from '#worker/db/client.ts';
import type { MailTable } from '#worker/mail/owed-mail.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { orderMails, orders } from '#worker/orders/order-tables.ts';
import { stockAlertMails } from '#worker/stock-alerts/alert-tables.ts';
import { errorFields } from '#worker/base/log.ts';

/**
 * /healthz: liveness, a database round trip and the settings a deployment needs, every problem named
 * at once (an operator fixing one should not meet the next only after a redeploy); never cached.
 */
export async function health(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  const { runtime, settings, db } = c.get('deps');
  const problems: string[] = [];
  // On the edge each isolate would key the limits with its own random secret: none would hold across isolates.
  if (runtime === 'edge' && !settings.RATE_LIMIT_SECRET)
    problems.push('RATE_LIMIT_SECRET is not set: every isolate counts its own limits (npx wrangler secret put RATE_LIMIT_SECRET)');
  if (runtime === 'edge' && settings.UCP_AGENTS.length > 0 && !settings.UCP_SIGNING_KEY)
    problems.push('UCP_SIGNING_KEY is not set: shopping agents hear of no order events (docs/agents.md)');
  if (runtime === 'edge' && !settings.POSTMARK_SERVER_TOKEN)
    problems.push('POSTMARK_SERVER_TOKEN is not set: mail is kept owed and never sent (npx wrangler secret put POSTMARK_SERVER_TOKEN)');
  let mail: Record<string, Awaited<ReturnType<typeof owedReport>>> | null = null;
  try {
    const [contactMail, orderMail, orderStepMail, stockAlertMail] = await Promise.all([
      owedReport(db, formSubmissions),
      owedReport(db, orders),
      owedReport(db, orderMails),
      owedReport(db, stockAlertMails),
    ]);
    mail = { contactMail, orderMail, orderStepMail, stockAlertMail };
  } catch (err) {
    c.get('log')('error', 'health check: database unreachable', errorFields(err));
    problems.push(`the database is unreachable at ${databaseName(settings.TURSO_DATABASE_URL)}: ${String(errorFields(err).error)}`);
  }
  const status = problems.length === 0 ? 'ok' : 'degraded';
  return c.json(
    { status, database: mail ? 'reachable' : 'unreachable', ...(problems.length > 0 && { problems }), ...mail },
    problems.length === 0 ? 200 : 503,
  );
}

/** Where the database is, without a token a URL may carry. */
const databaseName = (url: string) => url.replace(/([?&]authToken=)[^&]+/i, '$1…');

/** Mail not yet in the shop's inbox: a growing number or age means mail is not going out. */
async function owedReport(db: Db, table: MailTable) {
  const { owed, oldestCreatedAt, overdue } = await owedMail(db, table, MAX_EMAIL_ATTEMPTS);
  return {
    owed,
    overdue,
    oldestOwedSeconds: oldestCreatedAt ? Math.max(0, Math.round((Date.now() - Date.parse(oldestCreatedAt)) / 1000)) : null,
  };
}
