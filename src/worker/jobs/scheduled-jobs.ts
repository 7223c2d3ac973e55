import { errorFields } from '#worker/base/log.ts';
import { pruneVitals } from '#worker/vitals/vitals-queries.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { syncPaymentLinks } from '#worker/stock/payment-link-switch.ts';
import { releaseLapsed } from '#worker/stock/reserve.ts';
import { nowSeconds } from '#worker/stock/stock-queries.ts';
import { retryAllOwedMail, type JobDeps } from './retry-owed-mail';

const DAY_MS = 86_400_000;

/** Runs one job; a failure is logged and the next job (and the next run) goes on. */
async function job<T>(deps: JobDeps, name: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    deps.log('error', 'scheduled job failed', { job: name, ...errorFields(err) });
    return undefined;
  }
}

/**
 * What the cron trigger (edge) and the timer (Node) run: owed mail is sent again, field data older
 * than VITALS_KEEP_DAYS is deleted (so the table stays bounded), and stock holds past their time are
 * let go (payment links of products they emptied switch back on). Never throws.
 */
export async function runScheduledJobs(deps: JobDeps) {
  const mail = await job(deps, 'retry-owed-mail', () => retryAllOwedMail(deps));
  const before = new Date(Date.now() - deps.settings.VITALS_KEEP_DAYS * DAY_MS).toISOString();
  await job(deps, 'prune-vitals', () => pruneVitals(deps.db, before));
  await job(deps, 'release-lapsed-holds', async () => {
    const products = await releaseLapsed(deps.db, nowSeconds());
    await syncPaymentLinks({ db: deps.db, gateway: checkoutGatewayFor(deps.settings), log: deps.log }, products);
  });
  return mail;
}
