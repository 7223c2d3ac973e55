import { createClient, type Client } from '@libsql/client';

/**
 * A second connection to a running shop's database file. It waits for the shop's writes (a webhook
 * or a mail lease still committing) instead of failing at once with SQLITE_BUSY.
 */
export async function openShopDb(url: string): Promise<Client> {
  // On every connection of the client's pool (a PRAGMA reached one: a batch on another failed at once under load).
  return createClient({ url: url.startsWith('file:') ? url : `file:${url}`, timeout: 10_000 });
}
