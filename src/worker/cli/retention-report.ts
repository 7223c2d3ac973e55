import { count } from '#shared/privacy/erasure-report.ts';
import { CONTACT_KEEP_YEARS, MAIL_COPIES_KEEP_DAYS } from '#shared/privacy/personal-data.ts';
import type { RetentionCounts } from '#worker/privacy/retention-run.ts';

/** `npm run privacy -- retention [--dry-run]`'s answer: each period the policy names, with what it did (or would do). */
export function retentionLines(total: RetentionCounts, target: string, dryRun: boolean): string[] {
  const [went, lost] = dryRun ? ['would go', 'would lose'] : ['deleted', 'lost'];
  return [
    `Retention on ${target}${dryRun ? ' (dry run: nothing changed)' : ''}:`,
    `- ${count(total.contactMessages, 'contact message', 'contact messages')} past ${CONTACT_KEEP_YEARS} years since the last exchange ${went}`,
    `- ${count(total.ordersRedacted, 'order', 'orders')} past the legal period ${lost} the buyer's name, e-mail and address`,
    `- ${count(total.checkoutReminders, 'old checkout reminder', 'old checkout reminders')} ${went}`,
    `- ${count(total.subscriptionRecords, 'ended Digest subscription', 'ended Digest subscriptions')} ${went}`,
    `- ${count(total.unconfirmedSignUps, 'unconfirmed Digest sign-up', 'unconfirmed Digest sign-ups')} past 48 hours ${dryRun ? 'would end' : 'ended'}, the address forgotten`,
    `- ${count(total.backInStockRequests, 'back-in-stock request', 'back-in-stock requests')} ${dryRun ? 'would end, forget its address or go' : 'ended, forgot its address or went'}`,
    `- ${count(total.ordersLinks, '“Your orders” link or access', '“Your orders” links and accesses')} over for a day ${went}`,
    `- ${count(total.fieldData, 'field data row', 'field data rows')} past their days ${went}`,
    `- ${count(total.mailCopies, 'e-mail', 'e-mails')} in the outbox past ${MAIL_COPIES_KEEP_DAYS} days ${went}`,
  ];
}
