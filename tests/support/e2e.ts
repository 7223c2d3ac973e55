import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startShopServer, type ShopServer } from './shop-server';

type ShopOptions = Parameters<typeof startShopServer>[0];
type LazyOptions = ShopOptions | (() => ShopOptions | Promise<ShopOptions>);
const read = async (options: LazyOptions) => (typeof options === 'function' ? options() : options);

/** What a test file runs against; `devShop` (React's development build, for hydration warnings) only when asked for. */
export interface E2e {
  browser: Browser;
  shop: ShopServer;
  devShop: ShopServer;
}

/**
 * One Chromium and one built shop server for a test file, started before its tests and stopped
 * after them (with `devShop`, a second server on the development build). Options may be a function:
 * it runs when the servers start, after the file's earlier beforeAll hooks (an emulator's address).
 * Read them from the returned object inside tests.
 */
export function useBrowserAndShop(options?: LazyOptions, extra: { devShop?: LazyOptions | true } = {}): E2e {
  const e2e = {} as E2e;
  beforeAll(async () => {
    const dev = extra.devShop && { ...(extra.devShop === true ? {} : await read(extra.devShop)), buildDir: 'dist-dev' };
    [e2e.browser, e2e.shop, e2e.devShop] = await Promise.all([
      launchBrowser(),
      startShopServer(await read(options)),
      dev ? startShopServer(dev) : (undefined as unknown as ShopServer),
    ]);
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await Promise.all([e2e.shop?.stop(), e2e.devShop?.stop()]);
  });
  return e2e;
}
