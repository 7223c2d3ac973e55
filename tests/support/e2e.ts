import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startShopServer, type ShopServer } from './shop-server';

/**
 * One Chromium and one built shop server for a test file, started before its tests and stopped
 * after them. Read them from the returned object inside tests.
 */
export function useBrowserAndShop(options?: Parameters<typeof startShopServer>[0]): { browser: Browser; shop: ShopServer } {
  const e2e = {} as { browser: Browser; shop: ShopServer };
  beforeAll(async () => {
    [e2e.browser, e2e.shop] = await Promise.all([launchBrowser(), startShopServer(options)]);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.shop?.stop();
  });
  return e2e;
}
