import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium (no browser download here); CHROMIUM_PATH overrides. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export interface PageWatch {
  /** Console errors and warnings, and uncaught page errors. */
  problems: string[];
  /** URLs that answered 400 or more (Chromium's console line for each is kept out of `problems`). */
  failedUrls: string[];
}

/** Watches a page for the "the console stays clean" checks. */
export function watchPage(page: Page, options: { javaScriptDisabled?: boolean } = {}): PageWatch {
  const watch: PageWatch = { problems: [], failedUrls: [] };
  page.on('console', (msg) => {
    if (msg.text().startsWith('Failed to load resource: the server responded with a status of')) return;
    if (msg.type() === 'error' || msg.type() === 'warning') watch.problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => watch.problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) watch.failedUrls.push(res.url());
  });
  page.on('requestfailed', (req) => {
    // With JavaScript turned off the browser refuses every script fetch (modulepreload links too): not the shop's failure.
    if (options.javaScriptDisabled && req.resourceType() === 'script' && req.failure()?.errorText === 'csp') return;
    // A fetch the browser dropped because the page navigated away (code fetched ahead at low priority by
    // hydration/prefetch.ts, the favicon of a page left at once): cut off by the visitor, not a failure.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    watch.failedUrls.push(`${req.url()} (${req.failure()?.errorText})`);
  });
  return watch;
}

/** The console stayed clean and every request succeeded. */
export function expectClean(watch: PageWatch): void {
  expect({ problems: watch.problems, failedUrls: watch.failedUrls }).toEqual({ problems: [], failedUrls: [] });
}

/** An entry the page pushed to the analytics data layer (GTM's window.dataLayer). */
export type DataLayerEvent = Record<string, unknown> & { event: string; ecommerce?: Record<string, unknown> };

/** What the page has pushed to window.dataLayer so far. */
export function dataLayer(page: Page): Promise<DataLayerEvent[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: DataLayerEvent[] }).dataLayer ?? []);
}

/** Marks the page's window; `samePage` then tells whether the mark survived, i.e. the page was not reloaded. */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { testMarker: boolean }).testMarker = true;
  });
}

export function samePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { testMarker?: boolean }).testMarker === true);
}

/**
 * The page's start-up is over: the islands due at load and idle have hydrated (<html
 * data-islands="started">), and the browser's region detection is over (done, or skipped for a
 * saved choice). Islands that wait for visibility or interaction may still be server HTML: a test
 * that uses one goes through its trigger (which replays the first interaction), or calls
 * `hydrateIslands`. Navigating before detection ends aborts its service call, which the
 * failed-URL check would rightly report.
 */
export async function pageSettled(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('html[data-islands="started"]').waitFor({ state: 'attached', timeout });
  await page.locator('html[data-region-detection="done"], html[data-region-detection="skipped"]').waitFor({ state: 'attached', timeout });
}

/**
 * Hydrates the islands still waiting (all, or those of one name) the way a keyboard visitor would:
 * focus moving inside each (the interaction trigger every deferred island has); then waits until
 * they have committed and start-up is over.
 */
export async function hydrateIslands(page: Page, name?: string, timeout = 15_000): Promise<void> {
  const waiting = `[data-island${name ? `="${name}"` : ''}]:not([data-hydrated])`;
  await page.locator(waiting).evaluateAll((els) => {
    for (const el of els) (el.firstElementChild ?? el).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
  await page.locator(waiting).first().waitFor({ state: 'detached', timeout });
  await pageSettled(page, timeout);
}

/**
 * The page's cumulative layout shift so far (buffered entries) plus the next second, leaving out
 * shifts right after input. Tests allow under 0.01: Chromium sometimes paints a half-parsed header
 * (measured up to 0.006, in 1 to 3 of 30 loads), while a real defect such as a results list shorter
 * than its skeletons measured 0.015.
 */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 1000);
      }),
  );
}

/**
 * Holds back the responses for `pattern` (an island's chunk) until the returned function is called: a
 * slow phone's network, to type into an island before it can hydrate. Set it before the page loads: the
 * page fetches island code ahead once idle.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  const gate: { open?: () => void } = {};
  const held = new Promise<void>((resolve) => (gate.open = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return () => gate.open!();
}
