import { createClient, type Client } from '@libsql/client';

/**
 * A second connection to a running shop's database file. It waits for the shop's writes (a webhook
 * or a mail lease still committing) instead of failing at once with SQLITE_BUSY.
 */
export async function openShopDb(url: string): Promise<Client> {
  const db = createClient({ url: url.startsWith('file:') ? url : `file:${url}` });
  await db.execute('PRAGMA busy_timeout = 10000');
  return db;
}
