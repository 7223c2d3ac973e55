// `npm run bench:interaction`: the first tap on each control, as a new visitor on a mid-range phone.
// The built Node server on a fresh database; Debian's Chromium through playwright-core; per run a fresh
// context, the network shaped like Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down,
// 750 Kbps up) and the CPU slowed 1x or 4x through CDP. The tap comes one second after `load`, as a
// visitor who has seen the page. Per action and profile it prints, p50 and max over RUNS runs:
//   inp      the longest Event Timing `duration` of the tap's interaction (what web-vitals reports as INP)
//   feedback tap → the first frame showing the press: the effect, or the pressed control marked busy
//            (data-pending / aria-busy, shown by CSS while its island hydrates)
//   shown    tap → the first frame showing the action's effect (the open menu, the new list, the count…)
//   nav      tap → the page starts leaving for the next document (navigation-type actions)
// Times are on the page's own clock, from the first input event's timestamp: the driver's own
// latency (Playwright's checks before a click, slowed 4x too) is not counted.
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

/**
 * Each action: where, on what screen, what is tapped (`target`; `type` is then typed into it, as a
 * visitor searching does), and when its effect shows (a page function, polled each frame).
 */
const ACTIONS = {
  'buy-now': {
    path: '/product/1',
    viewport: PHONE,
    navigates: true,
    target: (page) => page.locator('main form[action^="/checkout/"] button').first(),
  },
  'add-to-cart': {
    path: '/product/1',
    viewport: PHONE,
    target: (page) =>
      page
        .locator('main')
        .getByRole('button', { name: /^Add to cart/ })
        .first(),
    shown: () => !!document.querySelector('header [data-cart-count]'),
  },
  'add-to-cart-card': {
    path: '/products',
    viewport: PHONE,
    target: (page) =>
      page
        .locator('main article')
        .first()
        .getByRole('button', { name: /^Add to cart/ }),
    shown: () => !!document.querySelector('header [data-cart-count]'),
  },
  filter: {
    path: '/products',
    viewport: DESKTOP,
    target: (page) => page.getByRole('button', { name: 'Pistol Trainers' }),
    shown: () => location.search.includes('category=pistols') && document.querySelectorAll('main article').length === 5,
  },
  search: {
    path: '/products',
    viewport: DESKTOP,
    target: (page) => page.getByPlaceholder('Search products...'),
    type: 'rifle',
    shown: () => document.querySelectorAll('main article').length > 0 && document.querySelectorAll('main article').length < 15,
  },
  menu: {
    path: '/',
    viewport: { width: 375, height: 812 },
    target: (page) => page.locator('summary[data-menu-open]'),
    shown: () => !!document.querySelector('details[data-menu]')?.open,
  },
  region: {
    path: '/products',
    viewport: DESKTOP,
    target: (page) => page.locator('header select[data-region-select]').first(),
    select: 'US',
    shown: () => document.documentElement.dataset.region === 'US' && (document.querySelector('main')?.textContent ?? '').includes('$'),
  },
  'guides-search': {
    path: '/guides',
    viewport: DESKTOP,
    target: (page) => page.getByPlaceholder('Search guides...'),
    type: 'dry',
    shown: () => new URLSearchParams(location.search).get('q') === 'dry',
  },
  'contact-field': {
    path: '/contact',
    viewport: PHONE,
    target: (page) => page.getByLabel(/^Name/).first(),
    shown: () => document.activeElement?.getAttribute('name') === 'name',
  },
};

/**
 * The tap itself, straight through CDP at the target's centre (Playwright's own checks before a
 * click would be slowed 4x too and counted); returns when it was sent, on this process's clock.
 */
async function tap(page, spec) {
  const target = spec.target(page);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const at = performance.now();
  if (spec.select) {
    // A native select's list is the browser's own UI: picking is what the visitor does.
    await target.selectOption(spec.select);
    return { at, done: Promise.resolve() };
  }
  const done = page.mouse.click(box.x + box.width / 2, box.y + box.height / 2).then(async () => {
    if (spec.type) await page.keyboard.type(spec.type);
  });
  return { at, done: done.catch(() => {}) };
}

/**
 * In the page, from the first byte: Event Timing entries (web-vitals observes with durationThreshold 16
 * the same way), and on the page's own clock the moment of the first input event (the tap), reported
 * through a binding (the shop's CSP allows no eval).
 */
function observePage() {
  window.benchEvents = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.benchEvents.push({ name: e.name, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  let tapped = false;
  // The region is picked with selectOption, whose input/change events the page dispatches itself.
  for (const type of ['pointerdown', 'mousedown', 'keydown', 'click', 'input', 'change']) {
    addEventListener(
      type,
      (e) => {
        if (tapped) return;
        tapped = true;
        window.benchReport('tap', performance.timeOrigin + e.timeStamp);
      },
      { capture: true },
    );
  }
}

/** The page's clock now (its time origin plus now), once `condition` holds at a frame; null if it never does. */
async function whenTrue(page, condition) {
  try {
    await page.waitForFunction(condition, null, { polling: 'raf', timeout: 15_000 });
    return await page.evaluate(() => performance.timeOrigin + performance.now());
  } catch {
    return null;
  }
}

const busyMark = () => !!document.querySelector('[data-pending], [aria-busy="true"]');

async function measure(browser, base, action, cpu) {
  const spec = ACTIONS[action];
  const context = await browser.newContext({ viewport: spec.viewport, extraHTTPHeaders: { 'CF-IPCountry': 'GB' } });
  // The payment page is elsewhere (no internet here): answered at once, so only the start matters.
  await context.route('https://buy.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'pay' }));
  const clock = {};
  await context.exposeFunction('benchReport', (kind, at) => (clock[kind] ??= at));
  await context.addInitScript(observePage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  let tapped = false;
  const bytes = { before: 0, after: 0 };
  cdp.on('Network.loadingFinished', (e) => (bytes[tapped ? 'after' : 'before'] += e.encodedDataLength));
  await page.goto(`${base}${spec.path}`, { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  tapped = true;
  let navAt = null;
  const navigation = page
    .waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame(), { timeout: 15_000 })
    .then(() => (navAt = performance.now()))
    .catch(() => {});
  const { at: tapAt, done: tapping } = await tap(page, spec);
  let shown = null;
  let busy = null;
  let events = [];
  if (spec.navigates) {
    await navigation;
  } else {
    const marked = whenTrue(page, busyMark);
    shown = await whenTrue(page, spec.shown);
    // A busy mark comes before the effect or never: no need to wait for it past the effect.
    busy = await Promise.race([marked, page.waitForTimeout(50).then(() => null)]);
  }
  await tapping;
  await page.waitForTimeout(500);
  if (!spec.navigates) events = await page.evaluate(() => window.benchEvents).catch(() => []);
  await context.close();
  const since = (at) => (at == null || clock.tap == null ? null : Math.max(0, at - clock.tap));
  const feedback = [shown, busy].filter((x) => x !== null);
  return {
    inp: events.length ? Math.max(...events.map((e) => e.duration)) : null,
    feedback: spec.navigates || feedback.length === 0 ? null : since(Math.min(...feedback)),
    shown: since(shown),
    // The navigation is seen from outside the page (it may leave before reporting anything).
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
