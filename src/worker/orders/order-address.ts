/** A shipping address as Stripe collects it (line1, line2, city, state, postal_code, country). */
export type ShippingAddress = Record<string, string | null>;

const countries = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/** 'GB' as 'United Kingdom'; anything Intl does not know stays as it came. */
function countryName(code: string | null | undefined): string | null | undefined {
  if (!code || !/^[A-Z]{2}$/.test(code)) return code;
  return countries.of(code) ?? code;
}

const present = (parts: Array<string | null | undefined>) => parts.filter((p): p is string => Boolean(p && p.trim()));

/** The address as a label would print it, one line each. */
export function addressLines(address: ShippingAddress | null): string[] {
  if (!address) return [];
  return present([
    address.line1,
    address.line2,
    present([address.postal_code, address.city]).join(' '),
    address.state,
    countryName(address.country),
  ]);
}

/**
 * The address as the order page shows it: anyone holding the page's link sees it, so the street is
 * cut to its first characters (enough for the shopper to recognise it) and the second line left out.
 */
export function shortenedAddressLines(address: ShippingAddress | null): string[] {
  if (!address) return [];
  const street = address.line1?.trim() ?? '';
  const shortStreet = street.length > 4 ? `${street.slice(0, 4)}…` : street;
  return present([shortStreet, present([address.postal_code, address.city]).join(' '), address.state, countryName(address.country)]);
}
