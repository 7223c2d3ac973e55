import { eq, inArray } from 'drizzle-orm';
import { stockAlertMails, stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { sendOwedNow, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { backInStockEmail, confirmAlertEmail } from './alert-email.ts';

/** A request's mail (its confirmation link, or the back-in-stock notice), written from the request as it stands when sent. */
export const stockAlertMail: OwedMailKind<typeof stockAlertMails> = {
  name: 'stock alert',
  table: stockAlertMails,
  async mails(deps, row) {
    const [alert] = await deps.db.select().from(stockAlerts).where(eq(stockAlerts.id, row.alertId));
    // Unlisted since: the notice still names it (its page says what became of it).
    const product = alert && (await productLookup(deps.db, [alert.productId], { listedOnly: false }))(alert.productId);
    if (!alert?.email || !alert.token || !product) throw new Error(`stock alert mail ${row.id} has no request, address or product`);
    const request = { email: alert.email, token: alert.token, market: alert.market };
    const message =
      row.kind === 'confirm' ? confirmAlertEmail(request, product, deps.settings) : backInStockEmail(request, product, deps.settings);
    return { notification: message, confirmation: null };
  },
};

/** The most mails one call sends; the rest wait for the retry job (a minute or so). */
const MAILS_AT_ONCE = 50;

/** Sends these owed mail rows now (sendOwedNow); never throws: what fails stays owed for the retry job. */
export async function sendAlertMails(deps: MailDeps, log: Logger, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await sendOwedNow(stockAlertMail, deps, log, inArray(stockAlertMails.id, ids.slice(0, MAILS_AT_ONCE)), MAILS_AT_ONCE);
  } catch (err) {
    log('error', 'stock alert mail failed', { ids: ids.length, ...errorFields(err) });
  }
}
