import type { Context } from 'hono';
import type { AppEnv } from '#worker/app-context.ts';
import { MAX_EMAIL_ATTEMPTS, owedSubmissions } from '#worker/db/queries/submissions.ts';
import { errorFields } from '#worker/log.ts';

/** /healthz: liveness plus a database round trip; never cached. */
export async function health(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  try {
    const { owed, oldestCreatedAt, overdue } = await owedSubmissions(c.get('deps').db, MAX_EMAIL_ATTEMPTS);
    // Contact e-mails not yet in the shop's inbox: a growing number or age means mail is not going out.
    const contactMail = {
      owed,
      overdue,
      oldestOwedSeconds: oldestCreatedAt ? Math.max(0, Math.round((Date.now() - Date.parse(oldestCreatedAt)) / 1000)) : null,
    };
    return c.json({ status: 'ok', database: 'reachable', contactMail });
  } catch (err) {
    c.get('log')('error', 'health check: database unreachable', errorFields(err));
    return c.json({ status: 'degraded', database: 'unreachable' }, 503);
  }
}
