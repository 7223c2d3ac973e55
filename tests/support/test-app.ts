import { serve, type ServerType } from '@hono/node-server';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App } from '#worker/app.tsx';
import { prepareDatabase } from '#worker/db/migrate-node.ts';
import type { AppDeps } from '#worker/app-context.ts';
import { createNodeDeps } from '#worker/runtimes/node-deps.ts';
import { parseSettings } from '#worker/settings.ts';
import type { Logger } from '#worker/log.ts';

export interface TestApp {
  url: string;
  deps: AppDeps;
  app: App;
  dir: string;
  close(): Promise<void>;
}

/**
 * The real app on the Node runtime against a fresh libSQL file (migrated by the real migrations
 * and seeded), served over real HTTP on 127.0.0.1. `extend` may add routes before it starts.
 */
export async function startTestApp(
  opts: { env?: Record<string, string>; extend?: (app: App) => void; log?: Logger } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-test-'));
  const settings = parseSettings(
    {
      TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}`,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
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
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    app,
    dir,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      deps.db.$client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
