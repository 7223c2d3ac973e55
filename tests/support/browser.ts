import { chromium, type Browser, type Page } from 'playwright-core';

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
export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { problems: [], failedUrls: [] };
  page.on('console', (msg) => {
    if (msg.text().startsWith('Failed to load resource: the server responded with a status of')) return;
    if (msg.type() === 'error' || msg.type() === 'warning') watch.problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => watch.problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) watch.failedUrls.push(res.url());
  });
  page.on('requestfailed', (req) => watch.failedUrls.push(`${req.url()} (${req.failure()?.errorText})`));
  return watch;
}
