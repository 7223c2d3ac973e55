import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tryInScratchCopy } from '../../support/scratch-shop';

/**
 * The checklist's promise (docs/code-layout.md, "A new market"), tried once: a copy of the shop whose
 * only change is a fourth row in the markets table (Ireland, in euros) routes /ie, prices in € and
 * lists it in every page's hreflang, with no other file edited.
 */
const IRELAND =
  "{ prefix: 'ie', region: 'EU', currency: 'EUR', locale: 'en-IE', hreflang: 'en-IE', name: 'Ireland', tax: 'inclusive', warehouse: 'LT' },";

describe('a fourth market added to the table alone', () => {
  it('routes /ie, prices in €, and appears in hreflang beside the others', async () => {
    const scratch = await tryInScratchCopy({
      async edit(dir) {
        const table = join(dir, 'src/shared/market/market.ts');
        const source = await readFile(table, 'utf8');
        const row = /^ {2}\{ prefix: 'us',[^\n]*\n/m.exec(source);
        if (!row) throw new Error('the markets table has no US row to add Ireland after');
        await writeFile(table, source.replace(row[0], `${row[0]}  ${IRELAND}\n`));
      },
      paths: ['/ie/product/1', '/ie/products', '/eu/product/1', '/gb/product/1', '/ie/nowhere'],
    });
    try {
      const { answers } = scratch;
      const product = answers['/ie/product/1']!;
      expect(product.status).toBe(200);
      expect(product.html).toContain('data-market="ie"');
      expect(product.html).toContain('€174.99');
      expect(product.html).not.toContain('£149.99');
      expect(product.html).toContain('<link rel="canonical" href="https://shop.example/ie/product/1/g-series-laser-training-pistol"/>');
      // Every version of a page lists the new one, and it lists every version.
      for (const page of ['/ie/product/1', '/eu/product/1', '/gb/product/1']) {
        const { html } = answers[page]!;
        expect(html, page).toContain('hrefLang="en-IE" href="https://shop.example/ie/product/1/g-series-laser-training-pistol"');
        expect(html, page).toContain('hrefLang="en-GB" href="https://shop.example/gb/product/1/g-series-laser-training-pistol"');
        expect(html, page).toContain('hrefLang="x-default" href="https://shop.example/product/1/g-series-laser-training-pistol"');
      }
      expect(answers['/ie/products']!.status).toBe(200);
      expect(answers['/ie/products']!.html).toContain('data-market-link');
      // The euro market is still the home of EU visitors' links; an unknown /ie page is the shop's 404.
      expect(answers['/eu/product/1']!.html).toContain('€174.99');
      expect([302, 404]).toContain(answers['/ie/nowhere']!.status);
    } finally {
      await scratch.close();
    }
  }, 90_000);
});
