import type { Currency } from '#shared/region/region.ts';

/** The shop's currencies; a session in any other cannot be shown. */
export function isCurrency(value: string | undefined): value is Currency {
  return value === 'GBP' || value === 'EUR' || value === 'USD';
}
