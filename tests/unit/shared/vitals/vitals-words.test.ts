import { describe, expect, it } from 'vitest';
import { elementWords, goodWords, marketWords, pageTypeWords, pageVerdict, valueWords } from '#shared/vitals/vitals-words.ts';

describe('vitals in words', () => {
  it('names an element by what it means, else by its kind, never by its selector', () => {
    expect(elementWords('#_R_7d6e_-email')).toBe('the e-mail field');
    expect(elementWords('div.relative>img.h-full.object-contain.w-full')).toBe('a photo');
    expect(elementWords('div.flex.flex-col.gap-5>h1.font-bold.sm:text-4xl.text-3xl.tracking-tight')).toBe('the main heading');
    expect(elementWords('div.flex>button#add-to-cart.btn')).toBe('the buy button');
    expect(elementWords('main > div.grid p.text-sm')).toBe('a paragraph of text');
    expect(elementWords('form>textarea#_R_1_-message')).toBe('the message box');
    expect(elementWords('custom-thing')).toBe('a custom-thing element');
    expect(elementWords('#x')).toBe('an element of the page');
    expect(elementWords(null)).toBe('not recorded');
  });

  it('says pages, markets and values as owners read them', () => {
    expect(pageTypeWords('/product/:id')).toBe('Product pages');
    expect(pageTypeWords('/training-gun-digest/:slug')).toBe('Training Gun Digest articles');
    expect(pageTypeWords('/somewhere')).toBe('/somewhere');
    expect(marketWords('gb')).toBe('UK');
    expect(marketWords(null)).toBe('any market');
    expect(valueWords('LCP', 4512)).toBe('4.5 s');
    expect(valueWords('INP', 96.4)).toBe('96 ms');
    expect(valueWords('CLS', 0.123)).toBe('0.12');
    expect(goodWords('LCP')).toBe('2.5 s or less');
  });

  it('gives a page the worst of its three ratings at p75, as Google does', () => {
    expect(pageVerdict({ LCP: 2400, INP: 150, CLS: 0.05 })).toBe('good');
    expect(pageVerdict({ LCP: 2600, INP: 150, CLS: 0.05 })).toBe('needs-improvement');
    expect(pageVerdict({ LCP: 2400, INP: 501 })).toBe('poor');
    expect(pageVerdict({})).toBeNull();
  });
});
