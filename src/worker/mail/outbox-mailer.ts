import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer.ts';
import { mailHtml } from './mail-html.tsx';
import type { LinkPolicy } from './mail-links.ts';
import { plainText } from './quoted-text.ts';

/** Node only: without a Postmark token, e-mails are written as JSON files the operator can read, each with its HTML part beside it (.html, to open in a browser). */
export function createOutboxMailer(dir: string, trusted: LinkPolicy): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}`;
      // As Postmark would get it: the text part without the quote marks, the HTML part beside it.
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify({ ...message, text: plainText(message.text) }, null, 2)}\n`, {
        flag: 'wx',
      });
      await writeFile(join(dir, `${id}.html`), await mailHtml(message, trusted), { flag: 'wx' });
      return { id };
    },
    // The outbox is a local trail for the operator, not a store: reading it all is fine here.
    async findSent(mailId) {
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const file of files.filter((f) => f.endsWith('.json'))) {
        const message = JSON.parse(await readFile(join(dir, file), 'utf8')) as MailMessage;
        if (message.mailId === mailId) return { id: file.replace(/\.json$/, '') };
      }
      return null;
    },
  };
}
