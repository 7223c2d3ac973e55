import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorFields } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import type { ContactSpool, SpooledContact } from '#worker/base/contact-spool-contract.ts';
import { saveSpooled } from './contact-spool.ts';

/** How many kept messages one scheduled run saves at most (the rest wait for the next minute). */
const DRAIN_BATCH = 100;
/**
 * How many it keeps at most: the rate limits cannot be counted while the database is away, so a long
 * outage under a flood must not fill the disk; past it a message is refused as not saved, as before.
 */
const MAX_KEPT = 1000;

/**
 * Node's place for contact messages the database could not take: one file each (written whole before
 * the visitor is answered), saved by the scheduled job once the database answers, then removed. A
 * file whose save is interrupted is saved again next time: its spoolId makes that a no-op.
 */
export function fileSpool(dir: string): ContactSpool {
  return {
    async keep(message) {
      await mkdir(dir, { recursive: true });
      if ((await readdir(dir)).length >= MAX_KEPT) throw new Error(`${MAX_KEPT} contact messages are kept already`);
      await writeFile(join(dir, `${message.spoolId}.json`), JSON.stringify(message), { flag: 'wx' });
    },
    async drain(db, log) {
      // The contract (base/) cannot name the database's type (db/ is a layer above it).
      const database = db as Db;
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).slice(0, DRAIN_BATCH);
      let saved = 0;
      for (const file of files) {
        const path = join(dir, file);
        try {
          const message = JSON.parse(await readFile(path, 'utf8')) as SpooledContact;
          if (await saveSpooled(database, message)) saved++;
          await unlink(path);
        } catch (err) {
          // The database is still away (or the file is not one): it stays for the next run.
          log('warn', 'kept contact message not saved yet', { file, ...errorFields(err) });
          break;
        }
      }
      if (saved > 0) log('info', 'kept contact messages saved', { saved });
      return saved;
    },
  };
}
