import { createClient, type Client } from '@libsql/client';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTokenFor } from '#worker/contact/fill-time.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { readOutbox } from '../../support/outbox';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 76: a contact message sent while another writer holds the database file (the command line, a
 * second process), with the shop's default fill check (3 s) on. Each is accepted, saved exactly once once
 * the lock is gone, and told to the inbox only under the number it is saved with. What is saved is read
 * back through a connection of its own: the app's could see writes of its own that never committed.
 */
let t: TestApp;
/** Another writer on the same file, as `sqlite3 shop.db` or a second process would be. */
let other: Client;
beforeAll(async () => {
  // The busy wait short, so a post does not wait 5 s for the lock.
  // Every sender here is 127.0.0.1: the per-sender limit is raised past the test's dozen messages (not turned off).
  t = await startTestApp({ env: { CONTACT_MIN_FILL_MS: '3000', DB_TIMEOUT_MS: '300', CONTACT_RATE_LIMIT: '50' } });
  other = createClient({ url: `file:${join(t.dir, 'shop.db')}` });
});
afterAll(async () => {
  other.close();
  await t.close();
});

/** A person's post: the form rendered 10 s before (a token of its own unless given), as the island sends it. */
async function post(n: number, token?: string) {
  const res = await fetch(`${t.url}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      name: `Person ${n}`,
      email: `person${n}@example.com`,
      subject: 'Other',
      message: `Message number ${n}`,
      form_token: token ?? (await fillTokenFor(t.deps.settings, Date.now() - 10_000)),
    }),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean } };
}

/** While another connection holds the write lock (BEGIN IMMEDIATE), then lets it go. */
async function whileLocked<T>(work: () => Promise<T>): Promise<T> {
  const lock = await other.transaction('write');
  try {
    return await work();
  } finally {
    await lock.rollback();
  }
}

/** The saved messages as a fresh connection reads them (what is really in the file). */
const savedRows = async () =>
  (await other.execute('select id, name, message from form_submissions order by id')).rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    message: String(r.message),
  }));

/** The scheduled job, as the timer runs it: the kept messages saved, their mails sent. */
const theJobRuns = async (times = 2) => {
  for (let i = 0; i < times; i++) await runScheduledJobs(t.deps as Parameters<typeof runScheduledJobs>[0]);
};

describe('a contact message while another writer holds the database', () => {
  it('is accepted, saved exactly once when the lock is gone, and mailed under the number it is saved with', async () => {
    const before = (await savedRows()).length;
    const answers = await whileLocked(async () => {
      const all = [];
      for (let n = 1; n <= 8; n++) all.push(await post(n));
      return all;
    });
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.every((a) => a.body.ok)).toBe(true);
    await theJobRuns();
    const rows = (await savedRows()).slice(before);
    expect(rows.map((r) => r.name).toSorted()).toEqual(Array.from({ length: 8 }, (_, i) => `Person ${i + 1}`).toSorted());
    // The inbox's copy of each names the row it is saved as; no number is told for two messages.
    const inbox = (await readOutbox(join(t.dir, 'outbox'))).filter((m) => m.subject.startsWith('[Contact #'));
    const told = inbox.map((m) => ({ id: Number(/#(\d+)/.exec(m.subject)![1]), replyTo: m.replyTo }));
    expect(new Set(told.map((m) => m.id)).size).toBe(told.length);
    for (const row of rows) {
      const mail = told.filter((m) => m.id === row.id);
      expect(mail, `#${row.id}`).toHaveLength(1);
      expect(mail[0]!.replyTo).toBe(`person${row.name.slice('Person '.length)}@example.com`);
    }
    // The app's own connection saves the next message where everyone sees it.
    expect((await post(9)).status).toBe(200);
    expect((await savedRows()).at(-1)?.name).toBe('Person 9');
  });

  it('keeps the one-use rule of the form’s token when the database is back: a token sent twice while locked, or used before, saves one message', async () => {
    const token = await fillTokenFor(t.deps.settings, Date.now() - 10_000);
    const used = await fillTokenFor(t.deps.settings, Date.now() - 20_000);
    expect((await post(20, used)).status).toBe(200);
    const before = (await savedRows()).length;
    const answers = await whileLocked(async () => [await post(21, token), await post(22, token), await post(23, used)]);
    // A bot learns nothing: every post is answered as sent.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await theJobRuns();
    const names = (await savedRows()).slice(before).map((r) => r.name);
    expect(names).toHaveLength(1);
    expect(['Person 21', 'Person 22']).toContain(names[0]);
  });
});

describe('the kept messages’ saving', () => {
  it('saves each once with two readers at once and a file that is no message in the way, which is put aside', async () => {
    const spool = t.deps.settings.CONTACT_SPOOL_DIR;
    const before = (await savedRows()).length;
    await whileLocked(async () => {
      for (let n = 30; n < 35; n++) expect((await post(n)).status).toBe(200);
    });
    const { writeFile, readdir } = await import('node:fs/promises');
    await writeFile(join(spool, '0-half-written.json'), '{"spoolId": "cut');
    const drain = () => t.deps.contactSpool!.drain!(t.deps.db, t.deps.log);
    const saved = await Promise.all([drain(), drain()]);
    expect(saved[0]! + saved[1]!).toBe(5);
    expect(
      (await savedRows())
        .slice(before)
        .map((r) => r.name)
        .toSorted(),
    ).toEqual(['Person 30', 'Person 31', 'Person 32', 'Person 33', 'Person 34']);
    expect(await readdir(spool)).toEqual(['0-half-written.json.bad']);
  });
});
