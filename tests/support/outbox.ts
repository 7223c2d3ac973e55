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
