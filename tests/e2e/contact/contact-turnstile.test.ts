import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { contactNotices, contactRefusals } from '#shared/contact/form.ts';
import { TURNSTILE_ORIGIN } from '#shared/contact/turnstile.ts';
import { pageSettled, watchPage } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';
import { GOOD_TURNSTILE_TOKEN, startTurnstileEmulator, type TurnstileEmulator } from '../../support/turnstile-emulator';

/**
 * Turnstile's browser side, as far as the form uses it (render, reset, remove), standing in for
 * https://challenges.cloudflare.com/turnstile/v0/api.js, which is out of reach here. Its widget puts
 * `window.turnstileAnswer` (or the emulation's good token) in the hidden cf-turnstile-response input.
 */
const FAKE_TURNSTILE_SCRIPT = `
window.turnstileCalls = [];
window.turnstile = {
  render(el, opts) {
    window.turnstileCalls.push(['render', opts.sitekey, opts.action]);
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'cf-turnstile-response';
    input.value = window.turnstileAnswer || ${JSON.stringify(GOOD_TURNSTILE_TOKEN)};
    el.append(input);
    return 'widget-1';
  },
  reset(id) { window.turnstileCalls.push(['reset', id]); },
  remove(id) { window.turnstileCalls.push(['remove', id]); },
};`;

let turnstile: TurnstileEmulator;

beforeAll(async () => {
  turnstile = await startTurnstileEmulator();
});
afterAll(async () => {
  await turnstile?.close();
});
const e2e = useBrowserAndShop(() => ({ env: turnstile.env }));

const message = { name: 'Ada Shooter', email: 'ada@example.com', subject: 'Technical Support', message: 'Does it work with targets?' };

async function openContact(answer?: string): Promise<{ page: Page; context: BrowserContext; scriptLoads: string[] }> {
  const context = await e2e.browser.newContext();
  const scriptLoads: string[] = [];
  await context.route(`${TURNSTILE_ORIGIN}/**`, (route) => {
    scriptLoads.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE_SCRIPT });
  });
  if (answer) await context.addInitScript((a) => ((window as unknown as { turnstileAnswer: string }).turnstileAnswer = a), answer);
  const page = await context.newPage();
  await page.goto(`${e2e.shop.url}/contact`);
  await pageSettled(page);
  return { page, context, scriptLoads };
}

async function fillAndSend(page: Page) {
  const form = page.locator('form[action="/contact"]');
  await form.locator('[name="name"]').fill(message.name);
  await form.locator('[name="email"]').fill(message.email);
  await form.locator('[name="subject"]').selectOption(message.subject);
  await form.locator('[name="message"]').fill(message.message);
  await form.locator('button[type="submit"]').click();
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { turnstileCalls: unknown[][] }).turnstileCalls);

describe('contact form with Turnstile (Chromium)', () => {
  it('renders the widget in the form, sends its token, gets the message through and resets the widget', async () => {
    const { page, context, scriptLoads } = await openContact();
    const watch = watchPage(page);
    expect(scriptLoads).toEqual([`${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`]);
    await expect.poll(() => calls(page)).toEqual([['render', turnstile.env.TURNSTILE_SITE_KEY, 'contact']]);
    expect(await page.locator('form[action="/contact"] [data-turnstile] input[name="cf-turnstile-response"]').count()).toBe(1);

    await fillAndSend(page);
    await page.locator('.toast').filter({ hasText: contactNotices.success.title }).waitFor();
    expect(turnstile.received.map((r) => r.params.response)).toEqual([GOOD_TURNSTILE_TOKEN]);
    expect(await calls(page)).toContainEqual(['reset', 'widget-1']);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('shows "confirm you are not a robot" as an error toast and keeps the fields when siteverify turns the token down', async () => {
    const { page, context } = await openContact('forged-token');
    await fillAndSend(page);
    const toast = page.locator('.toast').filter({ hasText: contactRefusals.challenge_failed.title });
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(await toast.textContent()).toContain('Please confirm you are not a robot and send again');
    expect(await page.locator('form[action="/contact"] [name="message"]').inputValue()).toBe(message.message);
    expect(await calls(page)).toContainEqual(['reset', 'widget-1']);
    await context.close();
  });
});
