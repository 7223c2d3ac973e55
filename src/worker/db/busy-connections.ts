import type { Client } from '@libsql/client';

/** Whether a database error is SQLite's "database is locked" (another writer held the file past the busy timeout). */
export const isBusy = (err: unknown): boolean => {
  const e = err as { code?: unknown; rawCode?: unknown; message?: unknown } | null;
  return e?.code === 'SQLITE_BUSY' || e?.rawCode === 5 || (typeof e?.message === 'string' && e.message.includes('SQLITE_BUSY'));
};

/** A call that found its connection closed under it by a reconnect (nothing of it ran: it may go again). */
const closedInFlight = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === 'CLIENT_CLOSED' &&
  String((err as Error).message).includes('while this operation was in flight');

const GUARDED = new Set<PropertyKey>(['execute', 'batch', 'migrate', 'executeMultiple']);

/**
 * A local file's client that drops a connection a busy statement poisoned. The native binding under
 * @libsql/client (libsql 0.5.29) leaves a statement that failed with SQLITE_BUSY in progress on its
 * connection (tursodatabase/libsql-js#237, libsql-client-ts#352): every later write on it then stays in
 * a transaction that never commits, is read back by that connection alone, and is gone when the
 * process ends. Found as contact messages answered "saved", mailed as `[Contact #N]`, then lost, and the
 * next one told the same number (issue 76). On SQLITE_BUSY the client's pool is reopened (its
 * connections closed, so the statement is finalized) and the error goes on to the caller, who keeps
 * the work or says so; a call another's reopening closed under it is sent again, since none of it ran.
 * Remote clients (Turso over HTTP) are returned as they are.
 */
export function droppingBusyConnections(client: Client): Client {
  if (client.protocol !== 'file') return client;
  const guard = async <T>(call: () => Promise<T>, again = true): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      if (isBusy(err) && !client.closed) await client.reconnect();
      else if (again && closedInFlight(err) && !client.closed) return guard(call, false);
      throw err;
    }
  };
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return GUARDED.has(prop) ? (...args: unknown[]) => guard(() => method(...args) as Promise<unknown>) : method;
    },
  });
}
