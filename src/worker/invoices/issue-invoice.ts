import { eq, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { invoices } from '#worker/invoices/invoice-tables.ts';

/**
 * The order's invoice, issued the first time it is asked for: its number is the next of the sequence
 * (the row's, never reused), and it stays the same however often it is opened, or by two at once.
 */
export async function issueInvoice(db: Db, orderId: number): Promise<{ sequence: number; issuedAt: string }> {
  // Only when it has none: an insert that meets the unique order_id still takes a number (AUTOINCREMENT),
  // which would leave a gap each time an invoice is opened again. Two first openings at once: one wins.
  await db.run(sql`insert into ${invoices} (order_id) select ${orderId}
    where not exists (select 1 from ${invoices} where order_id = ${orderId}) on conflict do nothing`);
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return { sequence: row!.number, issuedAt: row!.issuedAt };
}
