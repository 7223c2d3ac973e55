import { desc, eq } from 'drizzle-orm';
import { nowIso } from '#worker/base/clock.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { orderNotes } from '#worker/fulfilment/fulfilment-tables.ts';
import { findOrder } from '#worker/orders/order-queries.ts';

/** The longest note kept (a few paragraphs: a call, a promise, a parcel's state). */
export const NOTE_MAX = 2000;
/** The most notes an order page reads (newest first). */
const NOTES_SHOWN = 50;

/** Adds the owner's note to an order; refuses an empty or overlong one. Never shown to the shopper. */
export async function addOrderNote(db: Db, note: { number: string; body: string }, by: string): Promise<string> {
  const body = note.body.trim();
  if (!body) throw new Refusal('Write the note first.', 'invalid');
  if (body.length > NOTE_MAX) throw new Refusal(`A note holds up to ${NOTE_MAX} characters; this one has ${body.length}.`, 'invalid');
  const { order } = await findOrder(db, note.number);
  await db.insert(orderNotes).values({ orderId: order.id, body, by, at: nowIso() });
  return `${order.number}: note saved (only the back office sees it).`;
}

/** An order's notes, newest first, at most NOTES_SHOWN. */
export function notesOf(db: Db, orderId: number) {
  return db
    .select({ id: orderNotes.id, body: orderNotes.body, by: orderNotes.by, at: orderNotes.at })
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.at), desc(orderNotes.id))
    .limit(NOTES_SHOWN);
}
