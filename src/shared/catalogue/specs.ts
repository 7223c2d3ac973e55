import { warrantyText } from '../policy-text';

/** Technical specifications (spec point 2, product detail). */
export interface SpecRow {
  label: string;
  value: string;
}

/** Splits 'Label: value' at the first ': ' only, so values may contain ': ' themselves. */
export function splitSpec(entry: string): SpecRow {
  const at = entry.indexOf(': ');
  if (at < 0) return { label: entry.trim(), value: '' };
  return { label: entry.slice(0, at).trim(), value: entry.slice(at + 2).trim() };
}

/** Shown when a product lists no specifications of its own. */
export const genericSpecs: readonly SpecRow[] = [
  { label: 'Laser', value: 'Red laser pulse on each trigger press (no projectile)' },
  { label: 'Compatibility', value: 'Our reactive targets and popular dry-fire training apps' },
  { label: 'Power', value: 'Replaceable batteries, included' },
  { label: 'Warranty', value: warrantyText },
];

export function specRows(specs: readonly string[]): readonly SpecRow[] {
  return specs.length > 0 ? specs.map(splitSpec) : genericSpecs;
}
