import { createClient } from '@libsql/client';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnRequests } from '#worker/after-sale/after-sale-tables.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { orderNotes } from '#worker/fulfilment/fulfilment-tables.ts';
import { runScheduledJobs } from '#worker/jobs/scheduled-jobs.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { erasePerson } from '#worker/privacy/person-erasure.ts';
import { reviews } from '#worker/reviews/review-tables.ts';
import { postContactJson, validContact } from '../../support/contact-posts';
import { placePaidOrder } from '../../support/paid-orders';
import { readOutbox } from '../../support/outbox';
import { startPaymentsApp, type PaymentsApp } from '../../support/payments-app';
import { keptLog, type TestApp } from '../../support/test-app';

/**
 * Issue 81: an erasure reaches every copy on the machine, not only the tables: the message still in the
 * contact spool (the database was busy when it came), the mails in the outbox (no Postmark token: Node's
 * local copies), the free text on the orders kept for the law, and the database file's free space,
 * where deleted rows stay readable as bytes until the file is rewritten.
 */
const PERSON = 'samantha.copies@example.com';
const NAME = 'Samantha Copies';
const PHONE = '07700 900123';
let running: PaymentsApp;
let t: TestApp;
beforeAll(async () => {
  // No Postmark token: the shop writes its mail to the outbox folder, as `npm start` does on a bare machine.
  running = await startPaymentsApp('whsec_erasure_copies', keptLog().log, { POSTMARK_SERVER_TOKEN: '', DB_TIMEOUT_MS: '300' });
  t = running.app;
});
afterAll(() => running.close());

const dbFile = () => join(t.dir, 'shop.db');
const fileHolds = async (text: string) => (await readFile(dbFile())).includes(Buffer.from(text));

describe('an erasure reaches every copy', () => {
  it('leaves nothing of the person in the spool, the outbox, the kept orders’ free text or the database file', async () => {
    const { order } = await placePaidOrder(running, { email: PERSON });
    expect(
      (await postContactJson(t, { ...validContact, name: NAME, email: PERSON, phone: PHONE, message: `Please ring ${PHONE}` })).status,
    ).toBe(200);
    await t.deps.db
      .insert(reviews)
      .values({ productId: 1, orderId: order.id, stars: 4, title: 'Fine', body: `Review by ${NAME}`, name: NAME, state: 'pending' });
    await t.deps.db
      .insert(orderNotes)
      .values({ orderId: order.id, body: `Customer rang ${PHONE} about delivery`, by: 'owner@example.com' });
    await t.deps.db.insert(returnRequests).values({
      number: `${order.number}-R1`,
      orderId: order.id,
      reason: 'changed_mind',
      outcome: 'refund',
      lines: [{ productId: 1, quantity: 1 }],
      note: `Call me on ${PHONE}`,
      value: 100,
    });
    await t.deps.db
      .update(orders)
      .set({ campaign: { utm_source: 'newsletter', utm_content: PERSON } })
      .where(eq(orders.id, order.id));
    // A message that came while another writer held the database: kept in the spool, not saved yet.
    const other = createClient({ url: `file:${dbFile()}` });
    const lock = await other.transaction('write');
    expect(
      (await postContactJson(t, { ...validContact, name: NAME, email: PERSON, message: 'Sent while the database was busy' })).status,
    ).toBe(200);
    await lock.rollback();
    other.close();
    const spool = t.deps.settings.CONTACT_SPOOL_DIR;
    expect((await readdir(spool)).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect((await readOutbox(join(t.dir, 'outbox'))).some((m) => m.to === PERSON)).toBe(true);
    expect(await fileHolds(PHONE)).toBe(true);

    const report = await erasePerson({ ...t.deps, log: () => {} }, PERSON);
    expect(report.copies).toEqual({ keptMessages: 1, mailCopies: expect.any(Number) });
    expect(report.copies!.mailCopies).toBeGreaterThanOrEqual(3);
    expect(report.freeText).toEqual({ notes: 1, returnNotes: 1, campaigns: 1 });
    expect(report.storage).toBe('file');

    // The spool and the outbox hold nothing of them; the scheduled run after it saves and mails nothing of theirs.
    expect((await readdir(spool)).filter((f) => f.endsWith('.json'))).toEqual([]);
    await runScheduledJobs(t.deps as Parameters<typeof runScheduledJobs>[0]);
    const outbox = await readOutbox(join(t.dir, 'outbox'));
    expect(outbox.filter((m) => m.to === PERSON || m.replyTo === PERSON || m.text.includes(PERSON) || m.text.includes(NAME))).toEqual([]);
    expect(await t.deps.db.select().from(formSubmissions).where(eq(formSubmissions.email, PERSON))).toEqual([]);
    // The kept order: restricted, with no free text the accounts do not need.
    const [kept] = await t.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ campaign: null, restrictedAt: expect.any(String) });
    expect(await t.deps.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).toEqual([]);
    expect(
      (await t.deps.db.select({ note: returnRequests.note }).from(returnRequests).where(eq(returnRequests.orderId, order.id)))[0],
    ).toEqual({
      note: null,
    });
    // Nothing erased can be read back from the file's bytes.
    for (const trace of [PHONE, NAME, `Review by ${NAME}`, 'Please ring', 'Sent while the database was busy'])
      expect(await fileHolds(trace), trace).toBe(false);
  });
});
