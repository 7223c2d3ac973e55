import { createClient, type Client, type InValue, type ResultSet, type Transaction } from '@libsql/client';
import { createServer, type Server, type ServerResponse } from 'node:http';

/**
 * Turso's HTTP API as @libsql/client/web speaks it (Hrana v2 over HTTP: POST /v2/pipeline, JSON), on
 * 127.0.0.1, backed by a libSQL file: the local database of the Worker in local workerd (`npm run
 * db:edge`, then `npm run preview`), and the tests' Turso. No local libSQL HTTP server installs from
 * the registries here (the turso CLI's sync server rejects the client's `close`). One connection
 * serves every stream; batons are handed out but carry no state.
 */

const reply = (res: ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

type HranaValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

interface Stmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: Array<{ name: string; value: HranaValue }>;
  want_rows?: boolean;
}

type Cond =
  { type: 'ok' | 'error'; step: number } | { type: 'not'; cond: Cond } | { type: 'and' | 'or'; conds: Cond[] } | { type: 'is_autocommit' };

type StreamRequest =
  | { type: 'close' | 'get_autocommit' }
  | { type: 'execute'; stmt: Stmt }
  | { type: 'batch'; batch: { steps: Array<{ condition?: Cond; stmt: Stmt }> } }
  | { type: 'sequence'; sql?: string; sql_id?: number }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number };

function fromHrana(v: HranaValue): InValue {
  switch (v.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(v.value);
    case 'float':
      return v.value;
    case 'text':
      return v.value;
    case 'blob':
      return new Uint8Array(Buffer.from(v.base64, 'base64'));
  }
}

function toHrana(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
    return { type: 'blob', base64: Buffer.from(v as ArrayBuffer).toString('base64') };
  }
  throw new Error(`cannot encode ${typeof v}`);
}

const stmtResult = (rs: ResultSet) => ({
  cols: rs.columns.map((name, i) => ({ name, decltype: rs.columnTypes[i] || null })),
  rows: rs.rows.map((row) => rs.columns.map((_, i) => toHrana(row[i]))),
  affected_row_count: rs.rowsAffected,
  last_insert_rowid: rs.lastInsertRowid === undefined ? null : rs.lastInsertRowid.toString(),
});

const hranaError = (err: unknown) => ({
  message: err instanceof Error ? err.message : String(err),
  code: (err as { code?: string }).code ?? 'UNKNOWN',
});

export interface LocalTurso {
  url: string;
  token: string;
  /** The same database, for the test to prepare and inspect. */
  db: Client;
  /** SQL it ran, in order (kept only when asked: `record`, for tests; a long-running local server keeps none). */
  statements: string[];
  /** HTTP requests answered or refused so far (one per round trip the client made). */
  requests(): number;
  /** Requests answered so far (after the delay): what a client has heard back. */
  answered(): number;
  /** Milliseconds added before each answer: a database far from the visitor. */
  setDelay(ms: number): void;
  /** 'down': every request is cut off at once; 'hang': accepted and never answered; 'up': as normal. */
  setOutage(mode: 'up' | 'down' | 'hang'): void;
  close(): Promise<void>;
}

/** Serves the libSQL `file` over Hrana on 127.0.0.1 (`port` 0: any free port); requests must carry `token`. */
export async function startLocalTurso(file: string, opts: { token: string; port: number; record?: boolean }): Promise<LocalTurso> {
  const { token } = opts;
  const db = createClient({ url: `file:${file}`, intMode: 'bigint' });
  const stored = new Map<number, string>();
  const statements: string[] = [];
  let batons = 0;
  let requestCount = 0;
  let answeredCount = 0;
  let delayMs = 0;
  let outage: 'up' | 'down' | 'hang' = 'up';

  /** A batch's BEGIN … COMMIT (as @libsql/client/web sends db.batch): one transaction of the file client. */
  let tx: Transaction | undefined;

  async function execute(stmt: Stmt) {
    const sql = stmt.sql ?? stored.get(stmt.sql_id ?? -1);
    if (sql === undefined) throw new Error('SQL text or a stored sql_id is required');
    if (opts.record) statements.push(sql);
    const args = stmt.named_args?.length
      ? Object.fromEntries(stmt.named_args.map((a) => [a.name.replace(/^[:@$]/, ''), fromHrana(a.value)]))
      : (stmt.args ?? []).map(fromHrana);
    const empty = { columns: [], columnTypes: [], rows: [], rowsAffected: 0, lastInsertRowid: undefined } as unknown as ResultSet;
    if (/^\s*BEGIN\b/i.test(sql)) {
      tx = await db.transaction('deferred');
      return stmtResult(empty);
    }
    if (/^\s*(COMMIT|END)\b/i.test(sql) || /^\s*ROLLBACK\b/i.test(sql)) {
      const open = tx;
      tx = undefined;
      if (!open) throw new Error('cannot commit - no transaction is active');
      await (/^\s*ROLLBACK\b/i.test(sql) ? open.rollback() : open.commit());
      return stmtResult(empty);
    }
    return stmtResult(await (tx ?? db).execute({ sql, args }));
  }

  async function batch(steps: Array<{ condition?: Cond; stmt: Stmt }>) {
    const results: Array<ReturnType<typeof stmtResult> | null> = [];
    const errors: Array<ReturnType<typeof hranaError> | null> = [];
    const holds = (c: Cond): boolean => {
      switch (c.type) {
        case 'ok':
          return results[c.step] != null;
        case 'error':
          return errors[c.step] != null;
        case 'not':
          return !holds(c.cond);
        case 'and':
          return c.conds.every(holds);
        case 'or':
          return c.conds.some(holds);
        case 'is_autocommit':
          return true;
      }
    };
    for (const step of steps) {
      if (step.condition && !holds(step.condition)) {
        results.push(null);
        errors.push(null);
        continue;
      }
      try {
        results.push(await execute(step.stmt));
        errors.push(null);
      } catch (err) {
        results.push(null);
        errors.push(hranaError(err));
      }
    }
    return { step_results: results, step_errors: errors };
  }

  async function handle(req: StreamRequest): Promise<object> {
    switch (req.type) {
      case 'close':
        return { type: 'close' };
      case 'get_autocommit':
        return { type: 'get_autocommit', is_autocommit: true };
      case 'execute':
        return { type: 'execute', result: await execute(req.stmt) };
      case 'batch':
        return { type: 'batch', result: await batch(req.batch.steps) };
      case 'sequence': {
        const sql = req.sql ?? stored.get(req.sql_id ?? -1) ?? '';
        if (opts.record) statements.push(sql);
        await db.executeMultiple(sql);
        return { type: 'sequence' };
      }
      case 'store_sql':
        stored.set(req.sql_id, req.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        stored.delete(req.sql_id);
        return { type: 'close_sql' };
    }
  }

  const server: Server = createServer((req, res) => {
    requestCount += 1;
    if (outage === 'down') return void res.destroy();
    if (outage === 'hang') return;
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      answeredCount += 1;
      if (req.headers.authorization !== `Bearer ${token}`) return reply(res, 401, { error: 'Unauthorized' });
      if (req.method !== 'POST' || req.url !== '/v2/pipeline') return reply(res, 404, { error: 'Not found' });
      const body = JSON.parse(raw) as { baton?: string | null; requests: StreamRequest[] };
      const results = [];
      for (const request of body.requests) {
        try {
          results.push({ type: 'ok', response: await handle(request) });
        } catch (err) {
          results.push({ type: 'error', error: hranaError(err) });
        }
      }
      const open = body.requests.at(-1)?.type !== 'close';
      reply(res, 200, { baton: open ? `baton-${++batons}` : null, base_url: null, results });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : opts.port}`,
    token,
    db,
    statements,
    requests: () => requestCount,
    answered: () => answeredCount,
    setDelay: (ms) => void (delayMs = ms),
    setOutage: (mode) => void (outage = mode),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
    },
  };
}
