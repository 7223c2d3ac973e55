import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { layoutShift, pageSettled } from '../../support/browser';
import { useBrowserAndShop } from '../../support/e2e';

const e2e = useBrowserAndShop();

const PARTS = {
  name: 'main h1',
  price: '[data-island="ProductPrice"] > *',
  stock: 'main [data-stock]',
  buyNow: 'main form[data-buy-now] button',
  features: '#features-heading',
};

/** Where each part of the buy box sits, and what a tap at Buy Now's centre would land on. */
function firstScreen(page: Page) {
  return page.evaluate((parts) => {
    const boxes = Object.fromEntries(
      Object.entries(parts).map(([part, selector]) => {
        const { top, bottom } = document.querySelector(selector)!.getBoundingClientRect();
        return [part, { top, bottom }];
      }),
    ) as Record<keyof typeof parts, { top: number; bottom: number }>;
    const buy = document.querySelector(parts.buyNow)!;
    const b = buy.getBoundingClientRect();
    const atCentre = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    const banner = document.querySelector<HTMLElement>('[data-consent-banner]')!;
    return {
      boxes,
      consentTop: banner.checkVisibility() ? banner.getBoundingClientRect().top : null,
      buyNowIsHit: !!atCentre && buy.contains(atCentre),
    };
  }, PARTS);
}

describe('the product page on a phone', () => {
  // 2 is a GB page (the consent bar asks); 9 has the longest name (two lines).
  it.each([
    [412, 900, '/product/1'],
    [412, 900, '/gb/product/2'],
    [412, 900, '/gb/product/9'],
    [360, 740, '/product/1'],
    [360, 740, '/gb/product/2'],
    [360, 740, '/gb/product/9'],
  ])('at %i×%i shows %s name, price, stock and Buy Now above the consent bar, uncovered', async (width, height, path) => {
    const context = await e2e.browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
    // A UK visitor on a first visit: the consent bar is up on every page.
    await context.addCookies([{ name: 'preferredCountry', value: 'UK', url: e2e.shop.url }]);
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}${path}`);
    await pageSettled(page);
    const screen = await firstScreen(page);
    expect(screen.consentTop).not.toBeNull();
    const { features, ...buyBox } = screen.boxes;
    for (const [part, box] of Object.entries(buyBox)) {
      expect({ part, top: box.top >= 0, above: box.bottom <= screen.consentTop! }).toEqual({ part, top: true, above: true });
    }
    expect(screen.buyNowIsHit).toBe(true);
    // The buy box comes before the description on a phone.
    expect(buyBox.buyNow.bottom).toBeLessThan(features.top);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await context.close();
  });

  it('leaves the desktop layout as it was: Buy Now after the key features, thumbnails under the image', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/product/2`);
    await pageSettled(page);
    const screen = await firstScreen(page);
    expect(screen.boxes.buyNow.top).toBeGreaterThan(screen.boxes.features.top);
    expect(await page.getByRole('button', { name: 'Show technical card' }).isVisible()).toBe(true);
    await context.close();
  });
});
