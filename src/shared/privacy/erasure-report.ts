/** What an erasure will do (its plan) or did: counts per kind, what stays and why, and the steps left to the owner. */
export interface ErasureReport {
  address: string;
  deleted: {
    contactMessages: number;
    backInStockRequests: number;
    checkoutReminders: number;
    reviews: number;
    ordersLinks: number;
    subscriptions: number;
  };
  referralCode: string | null;
  kept: Array<{ what: string; until: string; why: string }>;
  /** What the shop did at its processors, or the owner's step when it could not. */
  processors: string[];
}

/** `n` things, in the singular for one. */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The erasure in words, before (`done` false: what it will do) and after: the same lines for the
 * command line and the back office, so the owner confirms exactly what then happens.
 */
export function erasureLines(report: ErasureReport, done: boolean): string[] {
  const d = report.deleted;
  const gone = [
    count(d.contactMessages, 'contact message', 'contact messages'),
    count(d.backInStockRequests, 'back-in-stock request', 'back-in-stock requests'),
    count(d.checkoutReminders, 'checkout reminder', 'checkout reminders'),
    count(d.reviews, 'review', 'reviews'),
    count(d.ordersLinks, '“Your orders” link', '“Your orders” links'),
    count(d.subscriptions, 'Digest subscription', 'Digest subscriptions'),
    ...(report.referralCode ? [`the referral code ${report.referralCode}`] : []),
  ];
  return [
    `${done ? 'Erased' : 'Erasing'} ${report.address} (every spelling: any case, +tags, Gmail dots) ${done ? 'deleted' : 'deletes'}: ${gone.join(', ')}.`,
    report.kept.length === 0
      ? 'No order names this address: nothing is kept.'
      : `${done ? 'Kept' : 'It keeps'}, restricted to the law’s purpose: ${report.kept.map((k) => `${k.what} (until ${k.until})`).join(', ')}. ${report.kept[0]!.why}`,
    `The address ${done ? 'is' : 'will be'} opted out of marketing mail (kept as a one-way code, so that survives the erasure).`,
    ...report.processors,
  ];
}
