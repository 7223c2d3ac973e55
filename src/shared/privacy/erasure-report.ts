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
  /** Free text the kept orders hold that the accounts do not need: the shop's notes, return notes, the campaign. */
  freeText: { notes: number; returnNotes: number; campaigns: number };
  /** Copies beyond the database on this machine (Node): messages waiting to be saved, mails in the outbox; null before (the plan). */
  copies: { keptMessages: number; mailCopies: number } | null;
  /** Whether the database file was compacted so the deleted rows cannot be read back ('file'), or is hosted ('hosted': see docs/privacy.md). */
  storage: 'file' | 'hosted';
  /**
   * The spellings of the address its records hold: those erased as the person's (any case; a +tag or
   * Gmail's dots where the mail service folds them; those the owner confirmed) and those left, which
   * may be another person's mailbox (`vera+mallory@` at a domain that does not fold +tags).
   */
  spellings: { taken: string[]; left: string[] };
  kept: Array<{ what: string; until: string; why: string }>;
  /** What the shop did at its processors, or the owner's step when it could not. */
  processors: string[];
}

/** `n` things, in the singular for one. */
export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Whose records: the address, and the other spellings they were found under. */
function whose(report: ErasureReport): string {
  const others = report.spellings.taken.filter((s) => s !== report.address.toLowerCase());
  return others.length === 0 ? `${report.address} (in any case)` : `${report.address} (in any case, and as ${others.join(', ')})`;
}

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
    `${done ? 'Erased' : 'Erasing'} ${whose(report)} ${done ? 'deleted' : 'deletes'}: ${gone.join(', ')}.`,
    ...(report.spellings.left.length === 0
      ? []
      : [
          `${done ? 'Left' : 'Leaves'} alone, as they may be another person’s mailbox: ${report.spellings.left.join(', ')}. If they are the same person’s, erase again naming them (--also, or tick them).`,
        ]),
    report.kept.length === 0
      ? 'No order names this address: nothing is kept.'
      : `${done ? 'Kept' : 'It keeps'}, restricted to the law’s purpose: ${report.kept.map((k) => `${k.what} (until ${k.until})`).join(', ')}. ${report.kept[0]!.why}`,
    `From the kept orders ${done ? 'were' : 'are'} removed, since the accounts need none of it: ${count(report.freeText.notes, 'note of the shop’s', 'notes of the shop’s')}, ${count(report.freeText.returnNotes, 'return note', 'return notes')}, ${count(report.freeText.campaigns, 'campaign', 'campaigns')}.`,
    report.copies
      ? `Copies on this machine removed: ${count(report.copies.keptMessages, 'contact message waiting to be saved', 'contact messages waiting to be saved')}, ${count(report.copies.mailCopies, 'e-mail in the outbox', 'e-mails in the outbox')}.`
      : 'Copies on this machine are removed too: contact messages waiting to be saved, e-mails in the outbox.',
    report.storage === 'file'
      ? `The database file ${done ? 'was' : 'is then'} compacted (VACUUM), so what was deleted cannot be read back from its free space.`
      : 'The database is hosted (Turso): what was deleted leaves its storage as its provider compacts it (docs/privacy.md).',
    `The address ${done ? 'is' : 'will be'} opted out of marketing mail and marked erased (kept as one-way codes, so that survives the erasure and a message still on its way is never saved).`,
    ...report.processors,
  ];
}
