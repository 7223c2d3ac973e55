import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { BROWSER_UA, streamedAddress } from './html';

/** Desktop, phone and the narrowest supported width. */
export const SWAP_VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

/**
 * Measures a page twice at one viewport: with its streamed blocks' skeletons in place, then with the
 * blocks themselves. Locally the blocks follow before the first paint, so the skeletons are measured
 * on a copy of the streamed HTML without React's swap scripts. `check` runs on the finished page.
 * At an address with a campaign's parameter: the page cache keeps a page whole for everyone, so only an
 * address it does not keep is streamed.
 */
export async function measureSkeletonSwap<T>(
  browser: Browser,
  url: string,
  opts: {
    viewport: { width: number; height: number };
    skeletons: number;
    measure: (page: Page) => Promise<T>;
    check?: (page: Page) => Promise<void>;
  },
): Promise<{ withSkeletons: T; streamed: T }> {
  url = streamedAddress(url);
  const html = await (await fetch(url, { headers: { 'User-Agent': BROWSER_UA } })).text();
  const frozen = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const context = await browser.newContext({ viewport: opts.viewport, userAgent: BROWSER_UA });
  const page = await context.newPage();
  await page.route(url, (route) => route.fulfill({ body: frozen, contentType: 'text/html' }));
  await page.goto(url);
  expect(await page.locator('[data-skeleton]').count()).toBe(opts.skeletons);
  const withSkeletons = await opts.measure(page);
  await page.unroute(url);

  await page.goto(url);
  await expect.poll(() => page.locator('[data-skeleton]').count()).toBe(0);
  const streamed = await opts.measure(page);
  await opts.check?.(page);
  await context.close();
  return { withSkeletons, streamed };
}
