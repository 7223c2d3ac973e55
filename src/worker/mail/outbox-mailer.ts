import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer } from './mailer';

/** Node only: without a Postmark token, e-mails are written as JSON files the operator can read. */
export function createOutboxMailer(dir: string): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}`;
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify(message, null, 2)}\n`, { flag: 'wx' });
      return { id };
    },
  };
}
