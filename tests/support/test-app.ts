import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '#worker/app.tsx';
import { prepareDatabase } from '#worker/runtimes/migrate-node.ts';
import { formSubmissions, type FormSubmission } from '#worker/contact/contact-tables.ts';
import type { AppDeps } from '#worker/middleware/app-context.ts';
import { createNodeDeps, servedThroughPageCache } from '#worker/runtimes/node-deps.ts';
import { parseSettings } from '#worker/base/settings.ts';
import type { LogFields, Logger, LogLevel } from '#worker/base/log.ts';
import { BROWSER_UA, GOOGLEBOT_UA } from './html';

/** A page as fetched: the response and its body, read to the end. */
/** Settings that turn the per-address checkout limits off, for tests whose many shoppers all come from 127.0.0.1. */
export const NO_ADDRESS_LIMITS = { CHECKOUT_RATE_LIMIT: '0', CHECKOUT_HOLD_UNITS: '0', CHECKOUT_HOLD_SHARE: '0' } as const;

export interface FetchedPage {
  res: Response;
  html: string;
}

export interface TestApp {
  url: string;
  deps: AppDeps;
  app: App;
  dir: string;
  /** GETs `path` as a person's browser (BROWSER_UA, streamed page); `headers` add to or replace that. Redirects are not followed. */
  get(path: string, headers?: Record<string, string>): Promise<FetchedPage>;
  /** The same as a search crawler (GOOGLEBOT_UA), which gets the page complete in one piece. */
  crawl(path: string, headers?: Record<string, string>): Promise<FetchedPage>;
  /** Stops the process's app and starts it again on the same database file and settings (what a restart keeps); the new app. */
  restart(): Promise<TestApp>;
  close(): Promise<void>;
}

async function fetchPage(url: string, headers: Record<string, string>): Promise<FetchedPage> {
  const res = await fetch(url, { headers, redirect: 'manual' });
  return { res, html: await res.text() };
}

/**
 * The real app on the Node runtime against a fresh libSQL file (migrated by the real migrations
 * and seeded), served over real HTTP on 127.0.0.1. `extend` may add routes before it starts.
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    extend?: (app: App) => void;
    log?: Logger;
    /** Serve through the page cache as `npm start` does (off by default: most tests change the database behind the app's back). */
    pageCache?: boolean;
    /** The folder of an app stopped for a restart (its database is kept); a new one by default. */
    dir?: string;
  } = {},
): Promise<TestApp> {
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), 'shop-test-')));
  const settings = parseSettings(
    {
      TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}`,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      CONTACT_SPOOL_DIR: join(dir, 'contact-spool'),
      PHOTOS_DIR: join(dir, 'photos'),
      LOG_LEVEL: 'error',
      ...opts.env,
    },
    'node',
  );
  const deps = await createNodeDeps(settings, { clientDir: 'dist/client' });
  if (opts.log) deps.log = opts.log;
  await prepareDatabase(deps.db);
  const app = createApp(deps);
  opts.extend?.(app);
  const server = await new Promise<ServerType>((resolve) => {
    const fetch = opts.pageCache ? servedThroughPageCache(deps, app) : app.fetch;
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    deps.db.$client.close();
  };
  return {
    url,
    deps,
    app,
    dir,
    get: (path, headers = {}) => fetchPage(`${url}${path}`, { 'User-Agent': BROWSER_UA, ...headers }),
    crawl: (path, headers = {}) => fetchPage(`${url}${path}`, { 'User-Agent': GOOGLEBOT_UA, ...headers }),
    async restart() {
      await stop();
      return startTestApp({ ...opts, dir });
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The saved contact-form row with this id. */
export async function submissionRow(t: TestApp, id: number): Promise<FormSubmission> {
  const [row] = await t.deps.db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
  if (!row) throw new Error(`no form submission ${id}`);
  return row;
}

/** One line the app logged. */
export interface LogLine {
  level: LogLevel;
  msg: string;
  fields?: LogFields;
}

/** A logger that keeps the lines it is given (for startTestApp's `log`). */
export function keptLog(): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { log: (level, msg, fields) => lines.push({ level, msg, fields }), lines };
}

/** Runs `action` with the app's log kept instead of written, then restores the logger: the result and the lines logged meanwhile. */
export async function logDuring<T>(t: TestApp, action: () => Promise<T>): Promise<{ result: T; lines: LogLine[] }> {
  const kept = keptLog();
  const original = t.deps.log;
  t.deps.log = kept.log;
  try {
    return { result: await action(), lines: kept.lines };
  } finally {
    t.deps.log = original;
  }
}
