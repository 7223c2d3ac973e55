import { describe, expect, it } from 'vitest';
import { axeReport } from '../../support/axe';
import { BROWSER_UA } from '../../support/html';
import { useBrowserAndShop } from '../../support/e2e';
import { mailArriving } from '../../support/outbox';

/**
 * The Digest's sign-up in Chromium (issue 68): with JavaScript the form answers in place (the island,
 * hydrated on the first interaction); without it the same form posts and the next page answers. Both
 * mail the one confirmation link.
 */
const e2e = useBrowserAndShop();

describe('the Digest’s sign-up', () => {
  it('answers in place with JavaScript, announcing it, and the confirmation mail goes', async () => {
    const context = await e2e.browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    page.setDefaultTimeout(8000);
    await page.goto(`${e2e.shop.url}/gb/newsletter`);
    expect((await axeReport(page)).severe).toEqual([]);
    await page.getByLabel('Your e-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter one valid e-mail address' }).waitFor();
    await page.getByLabel('Your e-mail address').fill('island.reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('status').filter({ hasText: 'a link to confirm is on its way' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/gb/newsletter');
    const mail = await mailArriving(e2e.shop.outboxDir, 'island.reader@example.com', 'Confirm');
    expect(mail.text).toMatch(/\/gb\/newsletter\/confirm\/[\w-]+/);
    await context.close();
  });

  it('posts the plain form without JavaScript', async () => {
    const context = await e2e.browser.newContext({ userAgent: BROWSER_UA, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(8000);
    await page.goto(`${e2e.shop.url}/newsletter`);
    await page.getByLabel('Your e-mail address').fill('plain.reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
    await mailArriving(e2e.shop.outboxDir, 'plain.reader@example.com', 'Confirm');
    await context.close();
  });
});
