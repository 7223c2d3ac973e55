import { describe, expect, it } from 'vitest';
import { featureChips, truncateChip, matchesSearch } from '#shared/catalogue/list.ts';
import { nameMarker, plainName, productPath, productSlug, slugify, parseProductId, genericSpecs, specRows, splitSpec, availability, isPurchasable, shipsSoon, stockTone } from '#shared/catalogue/product.ts';
import { parseSessionId } from '#shared/catalogue/payment-links.ts';

describe('product names and paths', () => {
  it('removes the emoji marker for links, keeping it apart for display', () => {
    expect(plainName('🔫 G-Series Laser Training Pistol')).toBe('G-Series Laser Training Pistol');
    expect(plainName('🎯 Pistol & Targets  Starter Bundle')).toBe('Pistol & Targets Starter Bundle');
    expect(plainName('⚔️ Blade')).toBe('Blade');
    expect(plainName('BLUE GUN G17')).toBe('BLUE GUN G17');
    expect(nameMarker('🔪 Shock Feedback Training Knife')).toBe('🔪');
    expect(nameMarker('Plain name')).toBe('');
  });

  it('slugs the plain name in kebab-case', () => {
    expect(slugify('Pistol & Targets Starter Bundle')).toBe('pistol-targets-starter-bundle');
    expect(slugify('  Éclair -- Déjà Vu!  ')).toBe('eclair-deja-vu');
    expect(productSlug({ name: '🔫 1911 Laser Training Pistol' })).toBe('1911-laser-training-pistol');
    expect(productPath({ id: 12, name: '🎯 Pistol & Targets Starter Bundle' })).toBe('/product/12/pistol-targets-starter-bundle');
  });
});

describe('product id in the route (spec point 5)', () => {
  it('accepts whole numbers only', () => {
    expect(parseProductId('1')).toBe(1);
    expect(parseProductId(' 15 ')).toBe(15);
    expect(parseProductId('007')).toBe(7);
    expect(parseProductId('-3')).toBe(-3);
    for (const bad of ['abc', '1.5', '1abc', '1e3', '', '  ', '0x10', '99999999999999999999', undefined, null]) {
      expect(parseProductId(bad), String(bad)).toBeNull();
    }
  });
});

describe('feature chips (spec point 9)', () => {
  it('cuts a chip to 20 characters plus "..." only when longer', () => {
    expect(truncateChip('Resetting trigger')).toBe('Resetting trigger');
    expect(truncateChip('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateChip('Auto-resetting trigger: no racking')).toBe('Auto-resetting trigg...');
  });

  it('shows 3 chips, then +N more', () => {
    expect(featureChips(['a', 'b', 'c', 'd', 'e'])).toEqual({ chips: ['a', 'b', 'c'], more: 2 });
    expect(featureChips(['a', 'b'])).toEqual({ chips: ['a', 'b'], more: 0 });
    expect(featureChips([])).toEqual({ chips: [], more: 0 });
  });
});

describe('product search (spec point 2)', () => {
  const p = { name: '🔫 Compact Carry Laser Trainer', description: 'Sized for concealed-carry holsters.', features: ['Short auto-resetting trigger', 'Class 1 red laser'] };

  it('matches name, description or any feature, ignoring case and surrounding spaces', () => {
    expect(matchesSearch(p, 'compact')).toBe(true);
    expect(matchesSearch(p, 'CONCEALED')).toBe(true);
    expect(matchesSearch(p, '  Red Laser ')).toBe(true);
    expect(matchesSearch(p, 'shotgun')).toBe(false);
  });

  it('matches everything for blank text', () => {
    expect(matchesSearch(p, '')).toBe(true);
    expect(matchesSearch(p, '   ')).toBe(true);
  });
});

describe('technical specifications', () => {
  it('splits at the first ": " only', () => {
    expect(splitSpec('App compatibility: iOS: 15+, Android: 10+')).toEqual({ label: 'App compatibility', value: 'iOS: 15+, Android: 10+' });
    expect(splitSpec('Weight: 680 g')).toEqual({ label: 'Weight', value: '680 g' });
    expect(splitSpec('Ratio 1:2')).toEqual({ label: 'Ratio 1:2', value: '' });
  });

  it('falls back to the generic table when a product has none', () => {
    expect(specRows([])).toBe(genericSpecs);
    expect(genericSpecs.length).toBeGreaterThan(0);
    expect(specRows(['Laser: Class 1'])).toEqual([{ label: 'Laser', value: 'Class 1' }]);
  });
});

describe('stock status (spec point 4)', () => {
  it('maps to structured-data availability', () => {
    expect(availability('In Stock')).toBe('InStock');
    expect(availability('Low Stock')).toBe('LimitedAvailability');
    expect(availability('Out of Stock')).toBe('OutOfStock');
    expect(availability('Discontinued')).toBe('OutOfStock');
  });

  it('colours green, amber, red, else grey; only Out of Stock blocks Buy; only In Stock ships soon', () => {
    expect(['In Stock', 'Low Stock', 'Out of Stock', 'Pre-order'].map(stockTone)).toEqual(['in', 'low', 'out', 'other']);
    expect(['In Stock', 'Low Stock', 'Out of Stock', 'Pre-order'].map(isPurchasable)).toEqual([true, true, false, true]);
    expect(['In Stock', 'Low Stock', 'Out of Stock', 'Pre-order'].map(shipsSoon)).toEqual([true, false, false, false]);
  });
});

describe('thank-you session id', () => {
  it('accepts a plain token only', () => {
    expect(parseSessionId('cs_test_a1B2c3')).toBe('cs_test_a1B2c3');
    expect(parseSessionId(' cs_live-9 ')).toBe('cs_live-9');
    for (const bad of ['', '  ', '<script>', 'a b', 'x'.repeat(201), null, undefined]) expect(parseSessionId(bad)).toBeNull();
  });
});
