import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer.ts';
import { mailHtml } from './mail-html.tsx';
import type { LinkPolicy } from './mail-links.ts';
import { plainText } from './quoted-text.ts';

/** Each kept mail: its JSON file's name without `.json` (its HTML part is `<id>.html`). */
const keptIds = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));

/** Removes one kept mail, both its parts. */
const removeMail = (dir: string, id: string) => Promise.all(['json', 'html'].map((ext) => rm(join(dir, `${id}.${ext}`), { force: true })));

/**
 * Node only: without a Postmark token, e-mails are written as JSON files the operator can read, each
 * with its HTML part beside it (.html, to open in a browser). They hold people's names, addresses and
 * messages: an erasure removes a person's (`kept.erase`), and the retention run those older than
 * Postmark keeps its copies (`kept.prune`).
 */
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
    kept: {
      async erase(about) {
        let erased = 0;
        for (const id of await keptIds(dir)) {
          const message = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as MailMessage;
          if (!about(message)) continue;
          await removeMail(dir, id);
          erased++;
        }
        return erased;
      },
      async prune(before, dryRun = false) {
        let pruned = 0;
        for (const id of await keptIds(dir)) {
          const written = await stat(join(dir, `${id}.json`)).catch(() => null);
          if (!written || written.mtime >= before) continue;
          if (!dryRun) await removeMail(dir, id);
          pruned++;
        }
        return pruned;
      },
    },
  };
}
