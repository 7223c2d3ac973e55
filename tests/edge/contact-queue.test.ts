import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_FILL_FIELD } from '#shared/contact/form.ts';
import { createDb } from '#worker/db/client.ts';
import { retryDelaySeconds, saveQueuedContacts, type SpooledDelivery } from '#worker/contact/queue-spool.ts';
import { createClient } from '@libsql/client/web';
import { startPreparedTurso, type TursoEmulator } from '../support/turso-emulator';
import { fillTokenOfAPerson, startWorker, type TestWorker } from '../support/worker';

/**
 * Turso down at the edge (issue 69): the built Worker in workerd with its Cloudflare Queue (Miniflare's)
 * keeps a contact message the database cannot take, answers the visitor that it is saved, and its
 * consumer saves it once the database answers: once, however often it is delivered.
 */
let turso: TursoEmulator;
let worker: TestWorker;

beforeAll(async () => {
  turso = await startPreparedTurso();
  // The consumer waits up to 2 s to fill a batch: the test brings the database back meanwhile.
  // The fill check as a shop runs it (3 s): its one-use rule needs the database, which is down (issue 76).
  worker = await startWorker(
    { TURSO_DATABASE_URL: turso.url, TURSO_AUTH_TOKEN: turso.token, DB_TIMEOUT_MS: '500', CONTACT_MIN_FILL_MS: '3000' },
    { contactQueue: { batchTimeoutS: 2 } },
  );
});
afterAll(async () => {
  await worker?.dispose();
  await turso?.close();
});

/** The consumer's log, unread here (its lines are the Worker's; the first test reads them). */
const quiet = () => {};

const rowsOf = async (message: string) =>
  (await turso.db.execute({ sql: 'select * from form_submissions where message = ?', args: [message] })).rows;

describe('a contact message while Turso is down, at the edge', () => {
  it('is accepted while the database is down with the fill check on, and saved once it is back, its token used once', async () => {
    turso.setOutage('down');
    const token = await fillTokenOfAPerson();
    const send = (message: string) =>
      worker.get('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.61' },
        body: JSON.stringify({
          name: 'Queue Ada',
          email: 'queue@example.com',
          subject: 'Order Status',
          message,
          [CONTACT_FILL_FIELD]: token,
        }),
      });
    const res = await send('Kept in the queue');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    // The plain form, no JavaScript: the page says it is saved.
    const form = await worker.get('/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '203.0.113.62', Origin: 'https://shop.example' },
      body: new URLSearchParams({
        name: 'Form Ada',
        email: 'form@example.com',
        subject: 'Other',
        message: 'Kept from the plain form',
        [CONTACT_FILL_FIELD]: await fillTokenOfAPerson(),
      }),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    // The same page's token again while nothing can be checked: accepted, and only one of the two is saved.
    expect((await send('The same token again')).status).toBe(200);
    expect(await rowsOf('Kept in the queue')).toEqual([]);
    turso.setOutage('up');
    await vi.waitFor(async () => expect(await rowsOf('Kept from the plain form')).toHaveLength(1), { timeout: 10_000, interval: 200 });
    await vi.waitFor(async () => expect(await rowsOf('Kept in the queue')).toHaveLength(1), { timeout: 10_000, interval: 200 });
    expect(await rowsOf('The same token again')).toEqual([]);
    expect((await rowsOf('Kept in the queue'))[0]).toMatchObject({
      name: 'Queue Ada',
      email: 'queue@example.com',
      email_status: 'pending',
    });
    expect(worker.logs()).toContain('contact message kept until the database answers');
  });

  it('the consumer saves a delivery once however often it comes, and retries one the database cannot take yet, backing off', async () => {
    const db = createDb(createClient({ url: turso.url, authToken: turso.token }));
    const body = {
      name: 'Twice',
      email: 'twice@example.com',
      phone: '',
      subject: 'Order Status' as const,
      message: 'Delivered twice',
      spoolId: crypto.randomUUID(),
      senderKey: 'k',
      recipientKey: 'r',
      confirmationWanted: true,
      at: new Date().toISOString(),
    };
    const outcomes: string[] = [];
    const delivery = (attempts: number): SpooledDelivery => ({
      body,
      attempts,
      ack: () => outcomes.push('ack'),
      retry: (o) => outcomes.push(`retry ${o?.delaySeconds}`),
    });
    turso.setOutage('down');
    expect(await saveQueuedContacts(db, quiet, [delivery(3)])).toBe(0);
    turso.setOutage('up');
    expect(await saveQueuedContacts(db, quiet, [delivery(4), delivery(5)])).toBe(1);
    expect(outcomes).toEqual([`retry ${retryDelaySeconds(3)}`, 'ack', 'ack']);
    expect(await rowsOf('Delivered twice')).toHaveLength(1);
    expect([1, 2, 3, 9].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600]);
  });
});
