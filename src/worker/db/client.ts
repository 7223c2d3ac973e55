import type { Client } from '@libsql/client';
import type { LibSQLDatabase } from 'drizzle-orm/libsql/driver-core';
// The web entry only wraps the client it is given, so it serves the Node file client too without
// pulling Node's native libSQL into the Worker bundle.
import { drizzle } from 'drizzle-orm/libsql/web';

export type Db = LibSQLDatabase & { $client: Client };

/** Wraps a libSQL client (file on Node, HTTP on the edge) in drizzle; each feature's tables are its own (`*-tables.ts`). */
export function createDb(client: Client): Db {
  return drizzle({ client });
}

/** libSQL has no timeout of its own: a server that accepts and never answers would hang the request. */
export function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
