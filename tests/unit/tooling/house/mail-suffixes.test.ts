import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One meaning per suffix (docs/code-layout.md, "Words"): `<name>-email.ts` holds an e-mail's words (its
 * subject and body, made from what it is given) and sends nothing; `<name>-mail.ts` is a feature's owed
 * mail: its kind (`OwedMailKind`: the table that owes it, the e-mails each row sends) or what sends it
 * through mail/send-owed.ts. mail/ itself is the machinery.
 */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** Imports of the owed-mail machinery that bring code, not only types. */
const sendsThrough = (text: string) =>
  [...text.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'#worker\/mail\/(send-owed|owed-mail)\.ts'/gm)].some(
    ([, allTypes, names]) => !allTypes && names!.split(',').some((n) => n.trim() && !n.trim().startsWith('type ')),
  );

/** A feature's owed mail: its kind, or what sends it. */
const isOwedMail = (text: string) => /\bOwedMailKind\b/.test(text) || sendsThrough(text);

describe('mail file suffixes', () => {
  const files = filesUnder('src/worker').filter((f) => !f.startsWith('src/worker/mail/'));

  it('a -email.ts file writes words and sends nothing', () => {
    const words = files.filter((f) => f.endsWith('-email.ts'));
    expect(words.length).toBeGreaterThan(6);
    expect(words.filter((f) => sendsThrough(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('a -mail.ts file is owed mail: its kind, or what sends it', () => {
    const owed = files.filter((f) => f.endsWith('-mail.ts'));
    expect(owed.length).toBeGreaterThan(3);
    expect(owed.filter((f) => !isOwedMail(readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('tells a sender from words by what is imported', () => {
    expect(sendsThrough("import { sendOwedMail, type MailDeps } from '#worker/mail/send-owed.ts';")).toBe(true);
    expect(sendsThrough("import type { MailDeps } from '#worker/mail/send-owed.ts';")).toBe(false);
    expect(sendsThrough("import { type MailDeps } from '#worker/mail/send-owed.ts';")).toBe(false);
  });
});
