import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../../support/html';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 76: every same-origin link on the pages a visitor reaches from `/`, `/gb`, `/eu` and `/us` answers
 * (a link checker found 168 dead links on 212 pages: each market's footer pointed at a cookie settings
 * page only the bare address had), and a market's "Cookie settings" works without JavaScript.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The most pages the crawl reads (the shop has about 250 reachable ones). */
const MAX_PAGES = 600;

/** The same-origin addresses a page links to (hrefs of <a> and <link rel=alternate|canonical>), fragments dropped. */
function linksOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*\bhref="([^"#]*)(?:#[^"]*)?"/g)) {
    const href = m[1]!.replaceAll('&amp;', '&');
    if (href.startsWith('/') && !href.startsWith('//')) found.add(href);
  }
  return [...found];
}

/** A GET as a browser without JavaScript makes it, redirects followed (at most 5): the final status and body. */
async function visit(path: string): Promise<{ status: number; html: string; path: string }> {
  let at = path;
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(`${t.url}${at}`, { headers: { 'User-Agent': BROWSER_UA }, redirect: 'manual' });
    const next = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && next) {
      await res.body?.cancel();
      at = next.startsWith('http') ? new URL(next).pathname + new URL(next).search : next;
      continue;
    }
    const html = (res.headers.get('content-type') ?? '').includes('text/html') ? await res.text() : (await res.body?.cancel(), '');
    return { status: res.status, html, path: at };
  }
  return { status: 310, html: '', path: at };
}

describe('links', () => {
  it('on every page reached from /, /gb, /eu and /us, lead somewhere: no same-origin link answers 4xx or 5xx', async () => {
    const queue = ['/', '/gb', '/eu', '/us'];
    const seen = new Set(queue);
    const dead: string[] = [];
    let pages = 0;
    while (queue.length > 0 && pages < MAX_PAGES) {
      const path = queue.shift()!;
      const page = await visit(path);
      pages++;
      if (page.status >= 400) {
        dead.push(`${path} (${page.status})`);
        continue;
      }
      for (const link of linksOf(page.html)) {
        if (seen.has(link)) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    console.log(`link check: ${pages} pages, ${seen.size} addresses`);
    expect(pages).toBeGreaterThan(150);
    expect(dead).toEqual([]);
  }, 120_000);

  it('“Cookie settings” on a market’s page is that market’s page, and its choice changes the consent without JavaScript', async () => {
    for (const market of ['gb', 'eu', 'us']) {
      const home = await visit(`/${market}`);
      expect(home.html).toMatch(new RegExp(`<a href="/${market}/cookie-settings"[^>]*>Cookie settings</a>`));
      const settings = await visit(`/${market}/cookie-settings`);
      expect(settings.status).toBe(200);
      expect(settings.html).toContain(`name="return" value="/${market}/cookie-settings"`);
      const chosen = await fetch(`${t.url}/consent`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'User-Agent': BROWSER_UA, Origin: t.url, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ choice: 'granted', return: `/${market}/cookie-settings` }),
      });
      expect(chosen.status).toBe(303);
      expect(chosen.headers.get('location')).toBe(`/${market}/cookie-settings`);
      const cookie = chosen.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^consent=granted;/);
      const after = await fetch(`${t.url}/${market}/cookie-settings`, {
        headers: { 'User-Agent': BROWSER_UA, Cookie: cookie.split(';')[0]! },
      });
      expect(await after.text()).toContain('Current choice: accepted.');
    }
  });
});
