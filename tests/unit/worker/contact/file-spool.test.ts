import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSpool } from '#worker/contact/file-spool.ts';
import type { SpooledContact } from '#worker/base/contact-spool-contract.ts';

/** Node's place for contact messages the database cannot take: a file each, and a bound a flood cannot pass. */
const dir = await mkdtemp(join(tmpdir(), 'shop-spool-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const message = (spoolId: string): SpooledContact => ({
  spoolId,
  name: 'Ada',
  email: 'ada@example.com',
  phone: null,
  subject: 'Other',
  message: 'Hello',
  senderKey: 'k',
  recipientKey: 'r',
  confirmationWanted: true,
  at: '2026-11-28T08:00:00.000Z',
});

describe('the file spool', () => {
  it('keeps each message as its own file, once per id', async () => {
    const spool = fileSpool(join(dir, 'one'));
    await spool.keep(message('a'));
    await expect(spool.keep(message('a'))).rejects.toThrow();
    expect(await readdir(join(dir, 'one'))).toEqual(['a.json']);
  });

  it('refuses a message past 1,000 kept, so an outage under a flood cannot fill the disk', async () => {
    const full = join(dir, 'full');
    const spool = fileSpool(full);
    await spool.keep(message('first'));
    await Promise.all(Array.from({ length: 999 }, (_, i) => writeFile(join(full, `${i}.json`), '{}')));
    await expect(spool.keep(message('one-too-many'))).rejects.toThrow('1000 contact messages are kept already');
    expect((await readdir(full)).length).toBe(1000);
  });
});
