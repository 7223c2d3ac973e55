import type { Context } from 'hono';
import { sameToken } from '#worker/orders/order-number.ts';
import { endByAddress } from '#worker/newsletter/subscriptions.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';

/** What the subscriptions act on: a hard bounce (the address is dead) and a spam complaint (the person said no). */
const ENDS = { HardBounce: 'bounced', SpamComplaint: 'complained' } as const;

/**
 * POST /webhooks/postmark: Postmark's bounce and spam-complaint webhooks, verified by the Basic auth
 * Postmark sends (the webhook's URL carries `postmark:<POSTMARK_WEBHOOK_SECRET>@`). A hard bounce or a
 * complaint ends the address's Digest subscription; transactional mail is not touched (Postmark itself
 * stops mailing a bounced address). Anything else verified is acknowledged and left alone.
 */
export async function postmarkWebhook(c: Context<AppEnv>) {
  const { settings, db } = c.get('deps');
  const log = c.get('log');
  if (!settings.POSTMARK_WEBHOOK_SECRET) return c.json({ error: 'not found' }, 404);
  const expected = `Basic ${btoa(`postmark:${settings.POSTMARK_WEBHOOK_SECRET}`)}`;
  if (!sameToken(c.req.header('authorization'), expected)) {
    log('warn', 'postmark webhook refused', { reason: 'credentials' });
    c.header('WWW-Authenticate', 'Basic realm="webhooks"');
    return c.json({ error: 'unauthorised' }, 401);
  }
  let record: { RecordType?: unknown; Type?: unknown; Email?: unknown };
  try {
    record = (await c.req.json()) as typeof record;
  } catch {
    return c.json({ error: 'not JSON' }, 400);
  }
  const kind = record.RecordType === 'SpamComplaint' ? 'SpamComplaint' : record.RecordType === 'Bounce' ? record.Type : null;
  const reason = typeof kind === 'string' && kind in ENDS ? ENDS[kind as keyof typeof ENDS] : null;
  if (!reason || typeof record.Email !== 'string' || record.Email.length > 254) return c.json({ ended: 0 });
  const ended = await endByAddress(db, settings.RATE_LIMIT_SECRET, record.Email, reason);
  log('info', 'postmark webhook', { reason, ended });
  return c.json({ ended });
}
