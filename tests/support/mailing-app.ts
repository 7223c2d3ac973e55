import { afterAll, beforeAll } from 'vitest';
import { startPostmarkEmulator, type PostmarkEmulator } from './postmark-emulator';
import { startTestApp, type TestApp } from './test-app';

/**
 * For a test file: the app on a real libSQL file, mailing through the Postmark emulation (started
 * first; its token and address go into the app's settings with `env`), both closed after the tests.
 * Read them from the returned object inside tests.
 */
export function useMailingApp(env: Record<string, string> = {}): { app: TestApp; postmark: PostmarkEmulator } {
  const ctx = {} as { app: TestApp; postmark: PostmarkEmulator };
  beforeAll(async () => {
    ctx.postmark = await startPostmarkEmulator();
    ctx.app = await startTestApp({ env: { POSTMARK_SERVER_TOKEN: ctx.postmark.token, POSTMARK_API_URL: ctx.postmark.url, ...env } });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.postmark?.close();
  });
  return ctx;
}
