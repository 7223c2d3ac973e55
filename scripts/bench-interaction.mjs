// `npm run bench:interaction`: the first tap on each control, as a new visitor on a mid-range phone.
// The built Node server on a fresh database; Debian's Chromium through playwright-core; per run a fresh
// context, the network shaped like Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down,
// 750 Kbps up) and the CPU slowed 1x or 4x through CDP. The tap comes one second after `load`, as a
// visitor who has seen the page. Per action and profile it prints, p50 and max over RUNS runs:
//   inp      the longest Event Timing `duration` of the tap's interaction (what web-vitals reports as INP)
//   feedback tap → the first visible sign of the press: the effect, or the pressed control marked busy
//            (data-pending / aria-busy, shown by CSS while its island hydrates)
//   shown    tap → the action's visible effect (the open menu, the new list, the count in the header…)
//   nav      tap → the browser starts the next document's request (navigation-type actions)
//   before / after   bytes on the wire before the tap, and from the tap until the effect settles
// Figures go into docs/performance.md, never into test assertions.
//   RUNS=3 npm run bench:interaction            fewer runs
//   npm run bench:interaction -- buy-now menu   only these actions
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startBenchServer } from './bench-server.mjs';
import { ensureBuild } from './ensure-build.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const CPU = (process.env.CPU ?? '1,4').split(',').map(Number);
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 900 };

/** Each action: where, on what screen, the tap, and when its effect shows (a page function, polled each frame). */
const ACTIONS = {
  'buy-now': {
    path: '/product/1',
    viewport: PHONE,
    navigates: true,
    tap: (page) => page.locator('main form[action^="/checkout/"] button').first().click(),
    shown: () => !!document.querySelector('main form[action^="/checkout/"] button[aria-busy="true"], main form[data-pending]'),
  },
  'add-to-cart': {
    path: '/product/1',
    viewport: PHONE,
    tap: (page) =>
      page
        .locator('main')
        .getByRole('button', { name: /^Add to cart/ })
        .first()
        .click(),
    shown: () =>
      !!document.querySelector('header [data-cart-count]') ||
      !!document.querySelector('main button[aria-busy="true"], main form[data-pending]'),
  },
  'add-to-cart-card': {
    path: '/products',
    viewport: PHONE,
    tap: (page) =>
      page
        .locator('main article')
        .first()
        .getByRole('button', { name: /^Add to cart/ })
        .click(),
    shown: () =>
      !!document.querySelector('header [data-cart-count]') ||
      !!document.querySelector('main button[aria-busy="true"], main form[data-pending]'),
  },
  filter: {
    path: '/products',
    viewport: DESKTOP,
    tap: (page) => page.getByRole('button', { name: 'Pistol Trainers' }).click(),
    shown: () => location.search.includes('category=pistols') && document.querySelectorAll('main article').length === 5,
  },
  search: {
    path: '/products',
    viewport: DESKTOP,
    tap: async (page) => {
      await page.getByPlaceholder('Search products...').click();
      await page.keyboard.type('rifle');
    },
    shown: () => document.querySelectorAll('main article').length > 0 && document.querySelectorAll('main article').length < 15,
  },
  menu: {
    path: '/',
    viewport: { width: 375, height: 812 },
    tap: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
    shown: () => !!document.querySelector('[role="dialog"]'),
  },
  region: {
    path: '/products',
    viewport: DESKTOP,
    tap: (page) => page.locator('header select[data-region-select]').selectOption('US'),
    shown: () => document.documentElement.dataset.region === 'US' && (document.querySelector('main')?.textContent ?? '').includes('$'),
  },
  'guides-search': {
    path: '/guides',
    viewport: DESKTOP,
    tap: async (page) => {
      await page.getByPlaceholder('Search guides...').click();
      await page.keyboard.type('dry');
    },
    shown: () => new URLSearchParams(location.search).get('q') === 'dry' || document.querySelector('[aria-busy="true"]') !== null,
  },
  'contact-field': {
    path: '/contact',
    viewport: PHONE,
    tap: (page) => page.getByLabel(/^Name/).first().click(),
    shown: () => document.activeElement?.getAttribute('name') === 'name',
  },
};

/** Event Timing entries, recorded from the first byte (web-vitals observes with durationThreshold 16 the same way). */
function observeEvents() {
  window.benchEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.benchEvents.push({ name: e.name, duration: e.duration, start: e.startTime });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

async function measure(browser, base, action, cpu) {
  const spec = ACTIONS[action];
  const context = await browser.newContext({ viewport: spec.viewport, extraHTTPHeaders: { 'CF-IPCountry': 'GB' } });
  // The payment page is elsewhere (no internet here): answered at once, so only the start matters.
  await context.route('https://buy.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'pay' }));
  await context.addInitScript(observeEvents);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  let tapAt = Infinity;
  let navAt = null;
  let navigated;
  const navigation = new Promise((resolve) => (navigated = resolve));
  const bytes = { before: 0, after: 0 };
  cdp.on('Network.loadingFinished', (e) => {
    bytes[performance.now() < tapAt ? 'before' : 'after'] += e.encodedDataLength;
  });
  page.on('request', (request) => {
    if (navAt === null && performance.now() >= tapAt && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      navAt = performance.now();
      navigated();
    }
  });
  await page.goto(`${base}${spec.path}`, { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  tapAt = performance.now();
  const tapping = spec.tap(page).catch(() => {});
  let shownAt = null;
  let feedbackAt = null;
  const feedback = page
    .waitForFunction(`(${spec.shown})() || !!document.querySelector('[data-pending], [aria-busy="true"]')`, null, {
      polling: 'raf',
      timeout: 15_000,
    })
    .then(
      () => (feedbackAt = performance.now()),
      () => {},
    );
  if (spec.navigates) {
    await Promise.race([navigation, new Promise((r) => setTimeout(r, 15_000))]);
    shownAt = navAt;
  } else {
    await page.waitForFunction(spec.shown, null, { polling: 'raf', timeout: 15_000 }).then(
      () => (shownAt = performance.now()),
      () => {},
    );
  }
  await tapping;
  if (!spec.navigates) await feedback;
  await page.waitForTimeout(500);
  const events = spec.navigates ? [] : await page.evaluate(() => window.benchEvents).catch(() => []);
  await context.close();
  return {
    inp: events.length ? Math.max(...events.map((e) => e.duration)) : null,
    feedback: spec.navigates || feedbackAt === null ? null : Math.min(feedbackAt, shownAt ?? Infinity) - tapAt,
    shown: shownAt === null ? null : shownAt - tapAt,
    nav: navAt === null ? null : navAt - tapAt,
    before: bytes.before,
    after: bytes.after,
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).toSorted((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const max = (xs) => (xs.some((x) => x !== null) ? Math.max(...xs.filter((x) => x !== null)) : null);
const ms = (x) => (x === null ? '-' : `${Math.round(x)}`);
const kb = (x) => (x === null ? '-' : `${(x / 1024).toFixed(1)}`);

await ensureBuild();
const actions = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ACTIONS);
const server = await startBenchServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
console.log(
  `bench:interaction ${new Date().toISOString()} runs=${RUNS} load=${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('network: 150 ms RTT, 1.6 Mbps down, 750 Kbps up; tap 1 s after load; times in ms (p50/max), bytes in KB (p50)');
console.log(['action', 'cpu', 'inp p50/max', 'feedback p50/max', 'shown p50/max', 'nav p50/max', 'KB before', 'KB after'].join('\t'));
try {
  for (const action of actions) {
    for (const cpu of CPU) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.base, action, cpu));
      const col = (k) => `${ms(median(runs.map((r) => r[k])))}/${ms(max(runs.map((r) => r[k])))}`;
      console.log(
        [
          action,
          `${cpu}x`,
          col('inp'),
          col('feedback'),
          col('shown'),
          col('nav'),
          kb(median(runs.map((r) => r.before))),
          kb(median(runs.map((r) => r.after))),
        ].join('\t'),
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
