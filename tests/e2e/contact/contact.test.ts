import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_FILL_FIELD, CONTACT_STATUS_RESET_MS, contactNotices, contactRefusals } from '#shared/contact/form.ts';
import { pageSettled, watchPage, holdRequests } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { startPostmarkEmulator } from '../../support/postmark-emulator';
import { startShopServer, type ShopServer } from '../../support/shop-server';
import { axeReport } from '../../support/axe';

// The server has no Postmark token, so it writes each e-mail into this outbox (which accepts them all).
const outbox = join(tmpdir(), `contact-e2e-outbox-${process.pid}-${Date.now()}`);
const e2e = useBrowserAndShop({ env: { MAIL_OUTBOX_DIR: outbox } });
afterAll(() => rm(outbox, { recursive: true, force: true }));

const message = {
  name: 'Ada Shooter',
  email: 'ada@example.com',
  phone: '+44 7700 900123',
  subject: 'Technical Support',
  message: 'Does the laser pistol work with the target system?',
};

async function openContact(options: { javaScriptEnabled?: boolean; width?: number; shopUrl?: string } = {}) {
  const { javaScriptEnabled = true, width = 1280, shopUrl = e2e.shop.url } = options;
  const context = await e2e.browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const watch = watchPage(page, { javaScriptDisabled: !javaScriptEnabled });
  await page.goto(`${shopUrl}/contact`);
  if (javaScriptEnabled) await pageSettled(page);
  return { page, watch, close: () => context.close() };
}

const field = (page: Page, name: string) => page.locator(`form[action="/contact"] [name="${name}"]`);
const sendButton = (page: Page) => page.locator('form[action="/contact"] button[type="submit"]');
const toastWith = (page: Page, title: string) => page.locator('.toast').filter({ hasText: title });
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

async function fill(page: Page, values: Partial<typeof message>) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'subject') await field(page, name).selectOption(value);
    else await field(page, name).fill(value);
  }
}

async function outboxFiles(): Promise<string[]> {
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  return Promise.all(names.map((n) => readFile(join(outbox, n), 'utf8')));
}

describe('contact form with JavaScript', () => {
  it('checks the fields in the spec order, with a destructive toast and focus on the first bad field', async () => {
    const { page, watch, close } = await openContact();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));

    const expectProblem = async (title: string, description: string, name: string) => {
      await sendButton(page).click();
      const toast = toastWith(page, title);
      await toast.waitFor();
      expect(await toast.getAttribute('data-variant')).toBe('destructive');
      expect(await toast.textContent()).toContain(description);
      expect(await page.locator('.toast').count()).toBe(1);
      await expect.poll(() => focusedName(page)).toBe(name);
      expect(await field(page, name).getAttribute('aria-invalid')).toBe('true');
    };

    await expectProblem('Name is required', 'Please enter your name.', 'name');
    // Focus on the text field is visible.
    expect(await field(page, 'name').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await fill(page, { name: '   ' });
    await expectProblem('Name is required', 'Please enter your name.', 'name');
    await fill(page, { name: message.name });
    await expectProblem('Email is required', 'Please enter your email address.', 'email');
    expect(await field(page, 'name').getAttribute('aria-invalid')).toBeNull();
    await fill(page, { email: 'ada@example' });
    await expectProblem('Invalid email', 'Please enter a valid email address.', 'email');
    await fill(page, { email: message.email });
    await expectProblem('Subject is required', 'Please select a subject.', 'subject');
    await fill(page, { subject: message.subject });
    await expectProblem('Message is required', 'Please enter your message.', 'message');

    expect(posts).toEqual([]);
    expect(await sendButton(page).textContent()).toBe('Send Message');
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await close();
  });

  it('sends: Sending..., then Message Sent with its toast, then clears the fields after 3 s', async () => {
    const { page, watch, close } = await openContact();
    await fill(page, message);
    const button = sendButton(page);
    const idleWidth = (await button.boundingBox())!.width;

    // Every state the button goes through, with its size, from the moment of the click.
    await button.evaluate((el) => {
      const w = window as unknown as { buttonStates: unknown[] };
      w.buttonStates = [];
      const started = performance.now();
      const record = () =>
        w.buttonStates.push({
          text: el.textContent,
          disabled: (el as HTMLButtonElement).disabled,
          busy: el.getAttribute('aria-busy'),
          width: el.getBoundingClientRect().width,
          at: performance.now() - started,
        });
      new MutationObserver(record).observe(el, { childList: true, characterData: true, subtree: true, attributes: true });
    });
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/contact'));
    await button.click();
    // The island carries the page's signed render time (the server's minimum fill time is off here).
    expect((await posted).postDataJSON()).toMatchObject({
      [CONTACT_FILL_FIELD]: expect.stringMatching(/^v2\.\d+\.[\w-]{16}\.[0-9a-f]{64}$/),
    });

    await toastWith(page, contactNotices.success.title).waitFor();
    expect(await toastWith(page, contactNotices.success.title).textContent()).toContain(contactNotices.success.description);
    await expect.poll(() => button.textContent()).toBe('Message Sent');
    expect(await button.isDisabled()).toBe(true);
    // Green once the colour transition has run.
    const green = await backgroundOf(page, 'bg-green-700');
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(green);
    await expect.poll(() => button.textContent(), { timeout: CONTACT_STATUS_RESET_MS + 3000 }).toBe('Send Message');
    expect(await button.isDisabled()).toBe(false);
    for (const name of ['name', 'email', 'phone', 'subject', 'message']) expect(await field(page, name).inputValue(), name).toBe('');

    type State = { text: string; disabled: boolean; busy: string | null; width: number; at: number };
    const states = (await page.evaluate(() => (window as unknown as { buttonStates: State[] }).buttonStates)).filter(
      (s, i, all) => i === 0 || s.text !== all[i - 1]!.text,
    );
    expect(states.map((s) => [s.text, s.disabled, s.busy])).toEqual([
      ['Sending...', true, 'true'],
      ['Message Sent', true, null],
      ['Send Message', false, null],
    ]);
    const sentFor = states[2]!.at - states[1]!.at;
    console.info(`contact button: Message Sent held for ${Math.round(sentFor)} ms`);
    expect(sentFor).toBeGreaterThanOrEqual(CONTACT_STATUS_RESET_MS - 50);
    expect(sentFor).toBeLessThan(CONTACT_STATUS_RESET_MS + 1000);
    // The fixed width: no state moves anything.
    expect(states.map((s) => s.width)).toEqual(states.map(() => idleWidth));

    expect(await leads(page)).toEqual([expect.objectContaining({ form_subject: message.subject, submission_id: expect.any(Number) })]);

    // The shop's notification (and the visitor's confirmation) are in the outbox.
    const mails = await outboxFiles();
    console.info(`contact outbox: ${mails.length} file(s) after one message`);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.some((m) => m.includes(message.message) && m.includes(message.subject))).toBe(true);

    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await close();
  });

  // The form's code arrives late (a slow phone): it is held until everything has been typed (held from
  // the start: the page fetches island code ahead once idle). Send is pressed once React has taken over,
  // or before: then the press is held (hydration/replay.ts) and played once React has, with the fields as
  // typed (pressed before, it once posted nothing: an intermittent failure of the Postmark outcomes below,
  // on a shop's first, cold page).
  it.each(['after React took over', 'while React was still loading'] as const)(
    'hydrates on the first interaction and sends everything typed while React was loading, Send pressed %s',
    async (when) => {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const watch = watchPage(page);
      const release = await holdRequests(page, '**/assets/ContactForm-*.js');
      await page.goto(`${e2e.shop.url}/contact`);
      await pageSettled(page);
      const island = page.locator('[data-island="ContactForm"]');
      // Nothing of the form's React runs before the visitor uses it.
      expect(await island.getAttribute('data-hydrated')).toBeNull();
      await fill(page, message);
      expect(await island.getAttribute('data-hydrated')).toBeNull();
      const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/contact'));
      if (when === 'after React took over') {
        release();
        await page.locator('[data-island="ContactForm"][data-hydrated="true"]').waitFor();
        await sendButton(page).click();
      } else {
        await sendButton(page).click();
        expect(await island.getAttribute('data-hydrated')).toBeNull();
        release();
      }
      expect((await posted).postDataJSON()).toMatchObject(message);
      await toastWith(page, contactNotices.success.title).waitFor();
      expect(watch.problems).toEqual([]);
      await context.close();
    },
  );

  it('puts the form on the left of the details at 1280 px and stacks them at 375 px', async () => {
    for (const width of [1280, 375]) {
      const { page, watch, close } = await openContact({ width });
      const form = (await page.locator('form[action="/contact"]').boundingBox())!;
      const details = (await page.getByRole('heading', { name: 'Contact Information' }).boundingBox())!;
      const findUs = (await page.getByRole('heading', { name: 'Find Us' }).boundingBox())!;
      if (width === 1280) {
        expect(form.x + form.width).toBeLessThanOrEqual(details.x);
        expect(Math.abs(form.y - details.y)).toBeLessThan(120);
      } else {
        expect(details.y).toBeGreaterThan(form.y + form.height);
      }
      expect(findUs.y).toBeGreaterThan(Math.max(form.y + form.height, details.y));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(watch.problems).toEqual([]);
      expect(watch.failedUrls).toEqual([]);
      await close();
    }
  });
});

/** The colour a Tailwind class gives, as the built CSS writes it. */
function backgroundOf(page: Page, className: string): Promise<string> {
  return page.evaluate((cls) => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.className = cls;
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  }, className);
}

const leads = async (page: Page) =>
  ((await page.evaluate(() => window.dataLayer)) as Array<Record<string, unknown>>).filter((e) => e.event === 'generate_lead');

describe('contact form outcomes through Postmark (JavaScript)', () => {
  // Its own shop, sending through a Postmark emulation, allowing two messages per sender; the tests run in order.
  let postmark: Awaited<ReturnType<typeof startPostmarkEmulator>>;
  let shop: ShopServer;
  beforeAll(async () => {
    postmark = await startPostmarkEmulator();
    shop = await startShopServer({
      env: { POSTMARK_SERVER_TOKEN: postmark.token, POSTMARK_API_URL: postmark.url, CONTACT_RATE_LIMIT: '2' },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await postmark?.close();
  });

  it('partial (the confirmation bounced): amber Partially Sent, its toast, then reset and cleared', async () => {
    postmark.state.inactive = [message.email];
    const { page, watch, close } = await openContact({ shopUrl: shop.url });
    await fill(page, message);
    const button = sendButton(page);
    await button.click();
    const toast = toastWith(page, contactNotices.partial.title);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(contactNotices.partial.description);
    expect(await toast.getAttribute('data-variant')).toBe('default');
    await expect.poll(() => button.textContent()).toBe('Partially Sent');
    expect(await button.isDisabled()).toBe(true);
    const amber = await backgroundOf(page, 'bg-amber-300');
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(amber);
    expect(await leads(page)).toEqual([expect.objectContaining({ form_subject: message.subject })]);
    await expect.poll(() => button.textContent(), { timeout: CONTACT_STATUS_RESET_MS + 3000 }).toBe('Send Message');
    expect(await button.isDisabled()).toBe(false);
    expect(await field(page, 'message').inputValue()).toBe('');
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await close();
  });

  it('failed (no e-mail went): the Message Saved toast, the button stays ready and the fields are kept', async () => {
    postmark.state.mode = 'fail';
    const { page, watch, close } = await openContact({ shopUrl: shop.url });
    await fill(page, message);
    await sendButton(page).click();
    const toast = toastWith(page, contactNotices.failed.title);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(contactNotices.failed.description);
    await expect.poll(() => sendButton(page).textContent()).toBe('Send Message');
    expect(await sendButton(page).isDisabled()).toBe(false);
    expect(await field(page, 'message').inputValue()).toBe(message.message);
    expect(await leads(page)).toEqual([]);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await close();
  });

  it('refused (over the sender limit): the refusal as a destructive toast, fields kept', async () => {
    const { page, watch, close } = await openContact({ shopUrl: shop.url });
    await fill(page, message);
    await sendButton(page).click();
    const toast = toastWith(page, contactRefusals.rate_limited.title);
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(await sendButton(page).isDisabled()).toBe(false);
    expect(await field(page, 'name').inputValue()).toBe(message.name);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([`${shop.url}/contact`]);
    await close();
  });
});

describe('contact form when the network fails', () => {
  it('shows the not-saved error toast and keeps everything for another try', async () => {
    const { page, watch, close } = await openContact();
    // The island's post only: the page itself was loaded from the same address.
    await page.route('**/contact', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await fill(page, message);
    await sendButton(page).click();
    const toast = toastWith(page, contactNotices.not_saved.title);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(contactNotices.not_saved.description);
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(await sendButton(page).isDisabled()).toBe(false);
    expect(await field(page, 'email').inputValue()).toBe(message.email);
    // The aborted request is the only failure, and nothing else was logged.
    expect(watch.failedUrls).toEqual([`${e2e.shop.url}/contact (net::ERR_INTERNET_DISCONNECTED)`]);
    expect(watch.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await close();
  });

  it.each([
    { status: 502, contentType: 'application/json', body: '{"error":"insert failed"}' },
    { status: 500, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' },
    { status: 200, contentType: 'application/json', body: '{"ok":true}' },
  ])('shows the not-saved error toast for an answer outside the contract ($status $body), fields kept', async (answer) => {
    const { page, close } = await openContact();
    // What a proxy or a broken deployment in front of the shop answers instead of the API.
    await page.route('**/contact', (route) => (route.request().method() === 'POST' ? route.fulfill(answer) : route.continue()));
    await fill(page, message);
    await sendButton(page).click();
    const toast = toastWith(page, contactNotices.not_saved.title);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(contactNotices.not_saved.description);
    expect(await sendButton(page).isDisabled()).toBe(false);
    expect(await field(page, 'message').inputValue()).toBe(message.message);
    await close();
  });
});

describe('contact form without JavaScript', () => {
  it('posts the form and lands on /contact?sent=success with the notice', async () => {
    const { page, watch, close } = await openContact({ javaScriptEnabled: false });
    const before = (await outboxFiles()).length;
    await fill(page, { ...message, message: 'Sent without JavaScript.' });
    const posted = page.waitForRequest((r) => r.method() === 'POST');
    await Promise.all([page.waitForURL(/\/contact\?sent=/, { timeout: 10_000 }), sendButton(page).click()]);
    expect(new URLSearchParams((await posted).postData() ?? '').get(CONTACT_FILL_FIELD)).toMatch(/^v2\.\d+\.[\w-]{16}\.[0-9a-f]{64}$/);
    expect(new URL(page.url()).search).toBe('?sent=success');
    const status = page.getByRole('status').filter({ hasText: contactNotices.success.title });
    expect(await status.textContent()).toContain(contactNotices.success.description);
    expect(await field(page, 'name').inputValue()).toBe('');
    expect((await outboxFiles()).length).toBeGreaterThan(before);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await close();
  });

  it('shows the page again with a 400, the typed values and the problem named', async () => {
    const { page, watch, close } = await openContact({ javaScriptEnabled: false });
    await fill(page, { ...message, email: 'ada@example' });
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), sendButton(page).click()]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email' });
    expect(await alert.textContent()).toContain('Please enter a valid email address.');
    expect(await field(page, 'email').getAttribute('aria-invalid')).toBe('true');
    for (const [name, value] of Object.entries({ ...message, email: 'ada@example' })) {
      expect(await field(page, name).inputValue(), name).toBe(value);
    }
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([`${e2e.shop.url}/contact`]);
    await close();
  });
});

describe('contact and cart: accessibility and console', () => {
  const seriousByPage: Record<string, number> = {};
  afterAll(() => console.info('axe serious+critical violations per page:', JSON.stringify(seriousByPage)));

  const cases = ['/contact', '/contact?sent=partial', '/cart'].flatMap((path) => [1280, 375].map((width) => [path, width] as const));
  it.each(cases)('%s at %i px has no serious or critical axe violations and a clean console', async (path, width) => {
    const context = await e2e.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const response = await page.goto(`${e2e.shop.url}${path}`);
    expect(response?.status()).toBe(200);
    await pageSettled(page);
    const axe = await axeReport(page);
    seriousByPage[`${path} @${width}`] = axe.severe.length;
    expect(axe.severe).toEqual([]);
    expect(watch.problems).toEqual([]);
    expect(watch.failedUrls).toEqual([]);
    await context.close();
  });
});
