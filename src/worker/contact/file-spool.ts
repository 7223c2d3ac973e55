import { link, mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import type { ContactSpool, SpooledContact } from '#worker/base/contact-spool-contract.ts';
import { saveSpooled, type SpoolSave } from './contact-spool.ts';

/** How many kept messages one scheduled run saves at most (the rest wait for the next minute). */
const DRAIN_BATCH = 100;
/**
 * How many it keeps at most: the rate limits cannot be counted while the database is away, so a long
 * outage under a flood must not fill the disk; past it a message is refused as not saved, as before.
 */
const MAX_KEPT = 1000;

/** Removes a saved message's file; one another reader removed first is gone already. */
const removed = (path: string) =>
  unlink(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });

/** Logs what one save did with a kept message. */
function told(log: Logger, file: string, outcome: SpoolSave) {
  if (outcome === 'token_spent') log('warn', 'contact spam dropped', { reason: 'form token used again', file });
  if (outcome === 'erased') log('info', 'kept contact message not saved: its sender was erased', { file });
}

/**
 * Node's place for contact messages the database could not take: one file each, written whole under
 * another name and then linked to its own (a crash mid-write leaves no half message to read), saved by the
 * scheduled job once the database answers, then removed. A save is one write that a second reader,
 * a restart or a crash between the save and the removal cannot double (its spoolId); a file that is not
 * a message is put aside as `.bad`, never in the way of the others.
 */
export function fileSpool(dir: string): ContactSpool {
  return {
    async keep(message) {
      await mkdir(dir, { recursive: true });
      if ((await readdir(dir)).length >= MAX_KEPT) throw new Error(`${MAX_KEPT} contact messages are kept already`);
      const path = join(dir, `${message.spoolId}.json`);
      await writeFile(`${path}.part`, JSON.stringify(message), { flag: 'wx' });
      // Linked, not renamed: a message of the same id already kept is refused, never replaced.
      await link(`${path}.part`, path).finally(() => unlink(`${path}.part`));
    },
    async drain(db, log) {
      // The contract (base/) cannot name the database's type (db/ is a layer above it).
      const database = db as Db;
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).slice(0, DRAIN_BATCH);
      let saved = 0;
      for (const file of files) {
        const path = join(dir, file);
        let message: SpooledContact;
        try {
          message = JSON.parse(await readFile(path, 'utf8')) as SpooledContact;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // another reader saved it
          log('error', 'kept contact message unreadable: put aside', { file, ...errorFields(err) });
          await rename(path, `${path}.bad`).catch(() => undefined);
          continue;
        }
        try {
          const outcome = await saveSpooled(database, message);
          told(log, file, outcome);
          if (outcome === 'saved') saved++;
          await removed(path);
        } catch (err) {
          // The database is still away: it stays for the next run.
          log('warn', 'kept contact message not saved yet', { file, ...errorFields(err) });
          break;
        }
      }
      if (saved > 0) log('info', 'kept contact messages saved', { saved });
      return saved;
    },
    async erase(whose) {
      let erased = 0;
      for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => /\.json(\.bad)?$/.test(f))) {
        const path = join(dir, file);
        const text = await readFile(path, 'utf8').catch(() => null);
        if (text === null) continue;
        // An unreadable (half-written, put aside) file is judged by its text: the address in it is enough.
        let email: string | null = null;
        try {
          email = (JSON.parse(text) as SpooledContact).email;
        } catch {
          email = null;
        }
        if (!whose(email, text)) continue;
        await removed(path);
        erased++;
      }
      return erased;
    },
  };
}
