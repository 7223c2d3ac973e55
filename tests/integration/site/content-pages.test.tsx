import { shippingChoices } from '#shared/cart/shipping.ts';
import { toMinorUnits } from '#shared/money.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMarketDate } from '#shared/site/dates.ts';
import { ACCEPTED_PAYMENT_METHODS, POLICIES_LAST_UPDATED, PROCESSING_DAYS, returnsPolicy, shippingRates } from '#shared/policy/figures.ts';
import {
  freeShippingOverIn,
  freeShippingOverText,
  batteryLifeText,
  businessDays,
  claimText,
  formatPercent,
  freeShippingDestinationsText,
  paymentMethodsText,
  policyPricesBasis,
  policyPricesNote,
  returnWindowText,
  shippingCostText,
  shipsInText,
  warrantyText,
} from '#shared/policy/text.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import { decodeEntities, jsonLdBlocks, mainOf, textOf } from '../../support/html';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
const pages = new Map<string, string>();

const paths = ['/about', '/faq', '/privacy-policy', '/terms-of-service', '/shipping-policy', '/returns'] as const;
type ContentPath = (typeof paths)[number];

function page(path: ContentPath): string {
  return pages.get(path)!;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const path of paths) {
    const { res, html } = await t.get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    pages.set(path, html);
  }
});
afterAll(() => t.close());

const lastUpdated = `Last updated ${formatMarketDate(POLICIES_LAST_UPDATED, null)}`;

/** The returns figures that the FAQ and the terms both summarise. */
const returnsSummary = [
  `within ${returnWindowText} of delivery`,
  returnsPolicy.condition,
  businessDays(returnsPolicy.refundDays),
  `${formatPercent(returnsPolicy.storeCreditPercent)} of the purchase value`,
  returnsPolicy.exchangeFor,
  returnsPolicy.returnShipping,
  `under warranty for ${warrantyText}`,
];

/** The figures of src/shared/policy/figures.ts each page must state, in the words the page uses. */
const figures: Record<ContentPath, string[]> = {
  '/about': [
    `${claimText.shooters} shooters`,
    `${claimText.armedForces} of a national armed forces`,
    `${claimText.followers} followers`,
    `${claimText.likes} likes`,
  ],
  '/faq': [
    batteryLifeText,
    businessDays(PROCESSING_DAYS),
    ...shippingRates.flatMap((r) => [
      `${businessDays(r.standard.days)} to ${r.inSentence}`,
      `${businessDays(r.express.days)} to ${r.inSentence}`,
    ]),
    ...shippingRates.filter((r) => !r.freeStandardShipping).flatMap((r) => [shippingCostText(r.standard), shippingCostText(r.express)]),
    `over ${freeShippingOverText} to ${freeShippingDestinationsText}`,
    paymentMethodsText,
    ...ACCEPTED_PAYMENT_METHODS,
    ...returnsSummary,
    shopInfo.email,
    shopInfo.phone,
    shopInfo.supportHours,
  ],
  '/privacy-policy': [lastUpdated, shopInfo.email, paymentMethodsText],
  '/terms-of-service': [
    lastUpdated,
    paymentMethodsText,
    businessDays(PROCESSING_DAYS),
    ...returnsSummary,
    // A visitor with no country is in the EU: the policies quote euros.
    policyPricesBasis(false, 'EUR'),
    `${claimText.subscriptionDiscount} off`,
    `${claimText.referralDiscount} off for each friend`,
  ],
  '/shipping-policy': [
    lastUpdated,
    `within ${businessDays(PROCESSING_DAYS)}`,
    shipsInText,
    policyPricesNote(false, 'EUR'),
    `over ${freeShippingOverIn('EUR')} delivered to ${freeShippingDestinationsText}`,
  ],
  '/returns': [
    lastUpdated,
    `within ${returnWindowText} of the day it is delivered`,
    returnsPolicy.condition,
    `within ${businessDays(returnsPolicy.refundDays)} of receiving`,
    `${formatPercent(returnsPolicy.storeCreditPercent)} of what you paid for the returned items`,
    returnsPolicy.exchangeFor,
    returnsPolicy.returnShipping,
    `under warranty for ${warrantyText}`,
  ],
};

describe.each(paths)('%s', (path) => {
  it('has one h1, a title with the brand suffix, a short description and its canonical URL', () => {
    const html = page(path);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<title>[^<]+ \\| ${site.brand}</title>`));
    const description = decodeEntities(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '');
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(160);
    const canonical = absoluteUrl(t.deps.settings.SITE_URL, path);
    expect(canonical.endsWith(path)).toBe(true);
    expect(html.match(/<link rel="canonical" href="([^"]+)"\/>/g)).toEqual([`<link rel="canonical" href="${canonical}"/>`]);
  });

  it('states every policy figure it should', () => {
    const text = textOf(mainOf(page(path)));
    for (const figure of figures[path]) expect(text, figure).toContain(figure);
  });

  it('describes itself in structured data with its canonical URL', () => {
    const html = page(path);
    const data = jsonLdBlocks(html).find((d) => d.url === absoluteUrl(t.deps.settings.SITE_URL, path));
    expect(data).toBeDefined();
    const expectedType = { '/about': 'AboutPage', '/faq': 'FAQPage' }[path as string] ?? 'WebPage';
    expect(data!['@type']).toBe(expectedType);
    expect(data!['@context']).toBe('https://schema.org');
    const website = jsonLdBlocks(html).find((d) => d['@type'] === 'WebSite');
    expect(website?.['@id']).toBeTruthy();
    expect(data!.isPartOf).toEqual({ '@id': website!['@id'] });
  });
});

/** The table's rows as text, on the page a market's visitor gets. */
const tableRows = async (path: string) =>
  [...mainOf((await t.get(path)).html).matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => textOf(c[1]!)),
  );

describe('shipping policy', () => {
  it.each([
    ['/gb/shipping-policy', 'GBP', '£4.99'],
    ['/eu/shipping-policy', 'EUR', '€5.99'],
    ['/us/shipping-policy', 'USD', '$6.49'],
  ] as const)('%s quotes every destination in %s, the figures the cart charges, in three columns', async (path, currency, ukStandard) => {
    const rows = await tableRows(path);
    expect(rows[0]).toEqual(['Destination', 'Standard', 'Express']);
    expect(rows.slice(1)).toEqual(
      shippingRates.map((r) => [
        r.label,
        `${shippingCostText(r.standard, currency)} ${businessDays(r.standard.days)}${r.freeStandardShipping ? ` Free over ${freeShippingOverIn(currency)}` : ''}`,
        `${shippingCostText(r.express, currency)} ${businessDays(r.express.days)}`,
      ]),
    );
    expect(rows[1]![1]).toContain(ukStandard);
    // The same figure the cart's delivery choice charges.
    expect(shippingChoices('UK', 100, currency)[0]!.amounts[currency]).toBe(toMinorUnits(Number(ukStandard.slice(1))));
    expect(textOf(mainOf((await t.get(path)).html))).toContain(policyPricesNote(false, currency));
  });
});

describe('policy pages', () => {
  it('show the revision date as a machine-readable time', () => {
    for (const path of ['/privacy-policy', '/terms-of-service', '/shipping-policy', '/returns'] as const) {
      expect(page(path)).toContain(`<time dateTime="${POLICIES_LAST_UPDATED}">11 April 2025</time>`);
    }
  });
});

describe('terms of service', () => {
  it('has exactly 14 numbered sections, numbered 1 to 14 in order', () => {
    const main = mainOf(page('/terms-of-service'));
    const numbered = [...main.matchAll(/<h2\b[^>]*>(\d+)\. [^<]+<\/h2>/g)].map((m) => Number(m[1]));
    expect(numbered).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    // The contents list links to each of them.
    const ids = [...main.matchAll(/<section aria-labelledby="[^"]+" id="([^"]+)"/g)].map((m) => m[1]);
    const links = [...main.matchAll(/<a href="#([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(ids);
  });
});

describe('FAQ', () => {
  it("is titled 'Frequently Asked Questions' with four exclusive collapsible sections, the first open", () => {
    const main = mainOf(page('/faq'));
    expect(main).toMatch(/<h1\b[^>]*>Frequently Asked Questions<\/h1>/);
    const details = main.match(/<details\b[^>]*>/g) ?? [];
    expect(details).toHaveLength(4);
    for (const tag of details) expect(tag).toContain('name="faq-sections"');
    expect(details.map((tag) => / open=""/.test(tag))).toEqual([true, false, false, false]);
    const titles = [...main.matchAll(/<summary\b[^>]*><h2\b[^>]*>([^<]+)<\/h2>/g)].map((m) => decodeEntities(m[1]!));
    expect(titles).toEqual(['About Our Products', 'Orders & Shipping', 'Returns & Warranty', 'Technical Support']);
  });

  it('names the compatible apps', () => {
    const text = textOf(mainOf(page('/faq')));
    for (const app of ['LaserHIT', 'Laser Ammo', 'Mantis', 'Strikeman', 'G-Sight', 'iDryfire']) expect(text).toContain(app);
  });

  it('gives every visible question and answer, word for word, in FAQPage structured data', () => {
    const html = page('/faq');
    const visible = [...mainOf(html).matchAll(/<h3\b[^>]*>([\s\S]*?)<\/h3>\s*<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((m) => ({
      question: textOf(m[1]!),
      answer: textOf(m[2]!),
    }));
    expect(visible.length).toBeGreaterThanOrEqual(15);
    const faq = jsonLdBlocks(html).find((d) => d['@type'] === 'FAQPage') as {
      mainEntity: Array<{ '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }>;
    };
    expect(faq.mainEntity.map((q) => ({ question: q.name, answer: q.acceptedAnswer.text }))).toEqual(visible);
    for (const q of faq.mainEntity) {
      expect(q['@type']).toBe('Question');
      expect(q.acceptedAnswer['@type']).toBe('Answer');
      expect(q.acceptedAnswer.text).not.toMatch(/<[a-z]/i);
    }
  });

  it('closes with the support e-mail, phone and hours as links where they can be', () => {
    const main = mainOf(page('/faq'));
    expect(main).toContain(`href="mailto:${shopInfo.email}"`);
    expect(main).toContain(`href="tel:${shopInfo.phone.replaceAll(' ', '')}"`);
    expect(textOf(main)).toContain(shopInfo.supportHours);
  });
});

describe('about', () => {
  it('has a mission, 3 values, a team of 4, 3 testimonials and 3 awards', () => {
    const main = mainOf(page('/about'));
    const section = (id: string) => main.match(new RegExp(`<section aria-labelledby="${id}"[\\s\\S]*?</section>`))?.[0] ?? '';
    expect(textOf(section('about-mission'))).toMatch(/^Our Mission \S/);
    const values = [...section('about-values').matchAll(/<h3\b[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(values).toEqual(['Innovation', 'Quality', 'Support']);
    expect(section('about-team').match(/<h3\b/g)).toHaveLength(4);
    expect(section('about-testimonials').match(/<blockquote\b/g)).toHaveLength(3);
    expect(section('about-awards').match(/<h3\b/g)).toHaveLength(3);
  });
});

describe('content pages', () => {
  it('are plain server HTML: no islands inside <main>', () => {
    for (const path of paths) expect(mainOf(page(path))).not.toContain('data-island=');
  });
});
