import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMinor, formatMoney, fromMinorUnits, toMinorUnits } from '#shared/money.ts';

describe('money in minor units', () => {
  it('converts both ways exactly for 2-decimal amounts', () => {
    expect(toMinorUnits(149.99)).toBe(14999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(fromMinorUnits(14999)).toBe(149.99);
  });

  it('formats minor units as the shopper reads the amount, as formatMoney does for major units', () => {
    expect(formatMinor(14999, 'GBP')).toBe('£149.99');
    expect(formatMinor(17490, 'EUR')).toBe('€174.90');
    expect(formatMinor(118900, 'USD')).toBe('$1,189.00');
    expect(formatMinor(0, 'GBP')).toBe(formatMoney(0, 'GBP'));
  });
});

/** Every source file but the money module: amounts change units only through it. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('one formatter of minor units', () => {
  it('no source file outside src/shared/money.ts divides by 100', () => {
    const offenders = sourceFiles('src')
      .filter((path) => path !== join('src', 'shared', 'money.ts'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\/\s*100(?![\d.])/.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
