import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { count, erasureLines } from '#shared/privacy/erasure-report.ts';
import { contactKeptSince, orderKeptUntil, ordersRedactableBefore, PERSONAL_DATA } from '#shared/privacy/personal-data.ts';
import { readSubjectAddress } from '#shared/privacy/subject-address.ts';
import { parsePrivacyCommand } from '#worker/cli/privacy-args.ts';

describe('how long an order is kept', () => {
  it('six years after the end of its financial year (31 March)', () => {
    // The year 2020-04-01 … 2021-03-31 ends on 31 March 2021: kept until 1 April 2027.
    expect(orderKeptUntil('2020-04-01T00:00:00.000Z')).toBe('2027-04-01T00:00:00.000Z');
    expect(orderKeptUntil('2021-03-31T23:59:59.999Z')).toBe('2027-04-01T00:00:00.000Z');
    expect(orderKeptUntil('2021-04-01T00:00:00.000Z')).toBe('2028-04-01T00:00:00.000Z');
    expect(orderKeptUntil('2020-12-25T12:00:00.000Z')).toBe('2027-04-01T00:00:00.000Z');
  });

  it('the retention cut-off takes exactly the orders whose period has ended', () => {
    const instant = fc.date({ min: new Date('2000-01-01'), max: new Date('2060-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, instant, (created, now) => {
        const ended = orderKeptUntil(created.toISOString()) <= now.toISOString();
        expect(created.toISOString() < ordersRedactableBefore(now)).toBe(ended);
      }),
      { numRuns: 2000 },
    );
  });

  it('contact messages: two years back from now', () => {
    expect(contactKeptSince(new Date('2026-11-28T08:00:00.000Z'))).toBe('2024-11-28T08:00:00.000Z');
  });

  it('every kind says why, on what basis, for how long and what an erasure does', () => {
    for (const d of PERSONAL_DATA)
      expect(
        [d.what, d.purpose, d.basis, d.kept, d.onErasure].every((s) => s.length > 3),
        d.kind,
      ).toBe(true);
    expect(new Set(PERSONAL_DATA.map((d) => d.kind)).size).toBe(PERSONAL_DATA.length);
  });
});

describe('the erasure in words', () => {
  const report = {
    address: 'a@example.com',
    deleted: { contactMessages: 1, backInStockRequests: 2, checkoutReminders: 0, reviews: 1, ordersLinks: 0, subscriptions: 1 },
    referralCode: 'FRIEND-ABCD1234',
    freeText: { notes: 1, returnNotes: 0, campaigns: 1 },
    copies: { keptMessages: 1, mailCopies: 3 },
    storage: 'file' as const,
    spellings: { taken: ['a@example.com'], left: [] },
    kept: [{ what: 'Order SP-AAAA-BBBB', until: '2032-04-01', why: 'Kept for the law.' }],
    processors: ['Postmark: asked.'],
  };
  it('says the same before (will) and after (did)', () => {
    expect(erasureLines(report, false)[0]).toBe(
      'Erasing a@example.com (in any case) deletes: 1 contact message, 2 back-in-stock requests, 0 checkout reminders, 1 review, 0 “Your orders” links, 1 Digest subscription, the referral code FRIEND-ABCD1234.',
    );
    expect(erasureLines(report, true)[1]).toBe(
      'Kept, restricted to the law’s purpose: Order SP-AAAA-BBBB (until 2032-04-01). Kept for the law.',
    );
    expect(erasureLines({ ...report, kept: [] }, true)[1]).toBe('No order names this address: nothing is kept.');
    expect(erasureLines(report, true).at(-1)).toBe('Postmark: asked.');
    expect(erasureLines(report, true)).toContain(
      'From the kept orders were removed, since the accounts need none of it: 1 note of the shop’s, 0 return notes, 1 campaign.',
    );
    expect(erasureLines(report, true)).toContain(
      'Copies on this machine removed: 1 contact message waiting to be saved, 3 e-mails in the outbox.',
    );
    expect(erasureLines(report, true)).toContain(
      'The database file was compacted (VACUUM), so what was deleted cannot be read back from its free space.',
    );
    expect(count(1, 'order', 'orders')).toBe('1 order');
  });

  it('names the other spellings taken, and those left alone as maybe another mailbox', () => {
    const lines = erasureLines(
      {
        ...report,
        address: 'A@example.com',
        spellings: { taken: ['a@example.com', 'a+shop@example.com'], left: ['a+mallory@example.com'] },
      },
      false,
    );
    expect(lines[0]).toMatch(/^Erasing A@example\.com \(in any case, and as a\+shop@example\.com\) deletes: /);
    expect(lines[1]).toBe(
      'Leaves alone, as they may be another person’s mailbox: a+mallory@example.com. If they are the same person’s, erase again naming them (--also, or tick them).',
    );
  });
});

describe('npm run privacy’s arguments', () => {
  it('takes export, erase [--yes] and retention [--dry-run]; refuses anything else before reading', () => {
    expect(parsePrivacyCommand(['export', ' A@B.com '])).toEqual({ action: 'export', address: 'A@B.com', also: [] });
    expect(parsePrivacyCommand(['erase', 'a@b.com'])).toEqual({ action: 'erase', address: 'a@b.com', also: [], confirmed: false });
    expect(parsePrivacyCommand(['erase', 'a@b.com', '--also', 'a+x@b.com', '--yes', '--also', 'a.b@b.com'])).toEqual({
      action: 'erase',
      address: 'a@b.com',
      also: ['a+x@b.com', 'a.b@b.com'],
      confirmed: true,
    });
    expect(() => parsePrivacyCommand(['export', 'a@b.com', '--also'])).toThrow('--also needs an e-mail address');
    expect(() => parsePrivacyCommand(['export', 'a@b.com', '--also', 'nope'])).toThrow('--also needs an e-mail address');
    expect(parsePrivacyCommand(['retention', '--dry-run'])).toEqual({ action: 'retention', dryRun: true });
    expect(() => parsePrivacyCommand([])).toThrow('an action is needed');
    expect(() => parsePrivacyCommand(['export'])).toThrow('an e-mail address is needed');
    expect(() => parsePrivacyCommand(['export', 'a@b.com', '--yes'])).toThrow('unknown option --yes');
    expect(() => parsePrivacyCommand(['retention', 'now'])).toThrow('unknown option now');
    expect(() => parsePrivacyCommand(['delete', 'a@b.com'])).toThrow('unknown action delete');
  });

  it('an address is one "@" with something either side, no spaces, at most 254 characters', () => {
    expect(readSubjectAddress('a@b')).toBe('a@b');
    expect(readSubjectAddress('a b@c.com')).toBeNull();
    expect(readSubjectAddress('@c.com')).toBeNull();
    expect(readSubjectAddress(`${'a'.repeat(250)}@c.com`)).toBeNull();
    expect(readSubjectAddress(undefined)).toBeNull();
  });
});
