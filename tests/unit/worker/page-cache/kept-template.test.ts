import * as fc from 'fast-check';
import { HTMLRewriter } from 'html-rewriter-wasm';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { visitorFills, type VisitorFills, type VisitorParts } from '#shared/visitor/visitor-parts.ts';
import { filledPage, filledPageGzip, keptTemplate } from '#worker/page-cache/kept-template.ts';
import { stitchHandlers } from '#worker/page-cache/visitor-stitch.ts';

/**
 * Node's template for a kept page against the reference, lol-html (HTMLRewriter's engine, here as
 * html-rewriter-wasm) running the handlers the Worker runs: the same bytes for any visitor's parts,
 * and a gzip member that any gunzip reads back to them. The page is the frame as the server writes it.
 */
const page = (bannerHidden: boolean, extra = '') =>
  '<!DOCTYPE html><html lang="en-GB" data-region="UK"><head><title>Trainer – £149.99</title></head><body>' +
  '<header><a href="/gb/cart" aria-label="Cart" data-cart-badge="absolute -right-0.5 flex" class="relative block rounded p-2">' +
  '<svg aria-hidden="true" width="24" height="24"><circle cx="9" cy="21" r="1"></circle></svg></a></header>' +
  `<main id="main" class="flex-1" tabindex="-1"><h1>Laser trainer ✓ “café”</h1>${extra}<p>€ and £ and 𝄞</p></main>` +
  `<section aria-labelledby="consent-heading" class="consent-banner" data-consent-banner="" data-whole=""${bannerHidden ? ' hidden=""' : ''}>` +
  '<form method="post" action="/consent"><p>We use cookies.<span class="ml-1" data-consent-current=""></span></p></form></section></body></html>';

async function rewrite(html: string, fills: VisitorFills): Promise<Uint8Array> {
  const out: Uint8Array[] = [];
  const rewriter = new HTMLRewriter((chunk) => out.push(chunk.slice()));
  for (const [selector, handler] of stitchHandlers(fills)) rewriter.on(selector, handler);
  try {
    await rewriter.write(new TextEncoder().encode(html));
    await rewriter.end();
  } finally {
    rewriter.free();
  }
  return Buffer.concat(out);
}

const parts: fc.Arbitrary<VisitorParts> = fc.record({
  cartCount: fc.nat({ max: 150 }),
  consent: fc.constantFrom(null, 'granted' as const, 'denied' as const),
  region: fc.constantFrom('UK' as const, 'EU' as const, 'US' as const),
  flash: fc.option(
    fc.record({
      tone: fc.constantFrom('info' as const, 'error' as const),
      text: fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }),
    }),
  ),
});

describe('a kept page filled in from its template', () => {
  it('gives the bytes HTMLRewriter gives for any parts, plain and gzipped', async () => {
    await fc.assert(
      fc.asyncProperty(parts, fc.boolean(), async (visitor, hidden) => {
        const html = page(hidden);
        const template = keptTemplate(new TextEncoder().encode(html));
        const fills = visitorFills(visitor);
        const expected = Buffer.from(await rewrite(html, fills));
        expect(Buffer.from(filledPage(template, fills)).toString()).toBe(expected.toString());
        expect(gunzipSync(filledPageGzip(template, fills)).toString()).toBe(expected.toString());
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the page whole for a stranger, and a part longer than a stored block (64 KiB) still reads back', async () => {
    const html = page(false);
    const template = keptTemplate(new TextEncoder().encode(html));
    const stranger = visitorFills({ cartCount: 0, consent: null, region: 'UK', flash: null });
    expect(Buffer.from(filledPage(template, stranger)).toString()).toBe(html);
    expect(gunzipSync(template.wholeGzip).toString()).toBe(html);
    const long = { ...stranger, flashHtml: `<p>${'x'.repeat(70_000)}</p>` };
    expect(gunzipSync(filledPageGzip(template, long)).toString()).toBe(Buffer.from(await rewrite(html, long)).toString());
  });

  it('leaves a page without the places as it is (a page of its own, like the refusals)', async () => {
    const html = '<!DOCTYPE html><html><body><p>Too many requests</p></body></html>';
    const template = keptTemplate(new TextEncoder().encode(html));
    const fills = visitorFills({ cartCount: 3, consent: 'granted', region: 'EU', flash: { tone: 'info', text: 'hi' } });
    expect(template.slots).toHaveLength(0);
    expect(gunzipSync(filledPageGzip(template, fills)).toString()).toBe(html);
  });
});
