import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import type { MailMessage } from '#worker/mail/mailer.ts';

/** Every mail the shop wrote to its outbox directory (MAIL_OUTBOX_DIR: no Postmark configured): its .json files (each has its HTML part beside it). */
export async function readOutbox(dir: string): Promise<MailMessage[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as MailMessage));
}

/** The first mail to `to` whose subject contains `subject`, waited for (up to 5 s). */
export function mailArriving(dir: string, to: string, subject: string): Promise<MailMessage> {
  return vi.waitFor(
    async () => {
      const found = (await readOutbox(dir)).find((m) => m.to === to && m.subject.includes(subject));
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 5000 },
  );
}

/** The HTML part of the first mail to `to` whose subject contains `subject` (written beside its .json), waited for. */
export function mailHtmlArriving(dir: string, to: string, subject: string): Promise<string> {
  return vi.waitFor(
    async () => {
      for (const f of (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'))) {
        const mail = JSON.parse(await readFile(join(dir, f), 'utf8')) as MailMessage;
        if (mail.to === to && mail.subject.includes(subject)) return readFile(join(dir, f.replace(/\.json$/, '.html')), 'utf8');
      }
      throw new Error(`no mail to ${to} about ${subject}`);
    },
    { timeout: 5000 },
  );
}
