import { describe, expect, it } from 'vitest';
import { filterProducts, toCardItem } from '#shared/catalogue/list.ts';
import { closestNames, queryWords, stem, withinOneEdit } from '#shared/catalogue/search.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { products } from '../../../support/catalogue';

/** The product search (issue 66) over the real catalogue, as the list (server and browser) runs it. */
const cards = products.map(toCardItem);
const found = (q: string) => filterProducts(cards, { category: null, q, inStock: false, newArrivals: false }).map((p) => plainName(p.name));

describe('search finds what shoppers type', () => {
  it.each([
    ['laser pistol', 'G-Series Laser Training Pistol'],
    ['pistol laser', 'G-Series Laser Training Pistol'],
    ['starter kit', 'Pistol & Targets Starter Bundle'],
    ['knives', 'Marking Edge Training Knife'],
    ['pistl', 'G-Series Laser Training Pistol'],
    ['training knife', 'Marking Edge Training Knife'],
    ['rifle targets', 'Rifle & Targets Bundle'],
    ['blade', 'Shock Feedback Training Knife'],
    ['pist', '1911 Laser Training Pistol'],
    ['Shotgun', 'Pump-Action Laser Training Shotgun'],
  ])('"%s" finds %s', (q, name) => {
    expect(found(q)).toContain(name);
  });

  it('wants every word: "laser pistol" finds no knife, "rifle targets" puts the bundle named so first', () => {
    expect(found('laser pistol').some((n) => n.includes('Knife'))).toBe(false);
    expect(found('rifle targets')[0]).toBe('Rifle & Targets Bundle');
    expect(found('starter kit')[0]).toBe('Pistol & Targets Starter Bundle');
  });

  it('ranks names before descriptions: "laser pistol" lists the pistols named so first', () => {
    const first = found('laser pistol').slice(0, 4);
    expect(first.every((n) => /Laser Training Pistol/.test(n))).toBe(true);
  });

  it('finds nothing for words no product has, and an empty or stop-word query finds everything', () => {
    expect(found('submarine')).toEqual([]);
    expect(found('')).toHaveLength(products.length);
    expect(found('the and')).toHaveLength(products.length);
  });

  it('offers the closest names when nothing is found', () => {
    expect(found('pistoll revolver')).toEqual([]);
    expect(closestNames(cards, 'pistoll revolver').map((p) => plainName(p.name))[0]).toMatch(/Pistol/);
    expect(closestNames(cards, 'zzzz')).toEqual([]);
  });
});

describe('the search’s words', () => {
  it('meet at a stem: plurals, -ing, a final e', () => {
    expect(stem('knives')).toBe(stem('knife'));
    expect(stem('targets')).toBe(stem('target'));
    expect(stem('rifles')).toBe(stem('rifle'));
    expect(stem('bundles')).toBe(stem('bundle'));
    expect(stem('batteries')).toBe(stem('battery'));
    expect(stem('training')).toBe('train');
    expect(stem('class')).toBe('class');
  });

  it('allow one typo: a letter left out, added, changed or two swapped', () => {
    expect(withinOneEdit('pistl', 'pistol')).toBe(true);
    expect(withinOneEdit('pistoll', 'pistol')).toBe(true);
    expect(withinOneEdit('pistal', 'pistol')).toBe(true);
    expect(withinOneEdit('psitol', 'pistol')).toBe(true);
    expect(withinOneEdit('pstl', 'pistol')).toBe(false);
  });

  it('drop case, accents, punctuation and emoji, and words that say nothing', () => {
    expect(queryWords('🔫 The Laser-Pistol, for Zoë')).toEqual([
      { word: 'laser', stem: 'laser' },
      { word: 'pistol', stem: 'pistol' },
      { word: 'zoe', stem: 'zoe' },
    ]);
  });
});
