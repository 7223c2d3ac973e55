import addressFormatter from '@fragaria/address-formatter';

/** A shipping address as Stripe collects it (line1, line2, city, state, postal_code, country). */
export type ShippingAddress = Record<string, string | null>;

const countries = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/** 'GB' as 'United Kingdom'; anything Intl does not know stays as it came. */
function countryName(code: string | null | undefined): string | null | undefined {
  if (!code || !/^[A-Z]{2}$/.test(code)) return code;
  return countries.of(code) ?? code;
}

const present = (parts: Array<string | null | undefined>) => parts.filter((p): p is string => Boolean(p && p.trim()));

/**
 * The address in its country's order, one line each (OpenCage's templates, through a maintained
 * library): "Leeds" then "LS1 4AP" in the UK, "Austin, TX 78701" in the US, "10115 Berlin" in
 * Germany. `street` is what goes first (the order page shows less of it than the mails do); the
 * country's name closes it.
 */
function lines(address: ShippingAddress, street: string[]): string[] {
  const locality = addressFormatter.format(
    {
      road: street[0] ?? '',
      city: address.city ?? undefined,
      postcode: address.postal_code ?? undefined,
      state: address.state ?? undefined,
      countryCode: address.country ?? undefined,
    },
    { output: 'array', appendCountry: false },
  );
  // The formatter puts the street first: the second street line (a flat, a unit) follows it.
  const [first, ...rest] = locality;
  return present([first, ...street.slice(1), ...rest, countryName(address.country)]);
}

/** The address as a label would print it, one line each. */
export function addressLines(address: ShippingAddress | null): string[] {
  if (!address) return [];
  return lines(address, present([address.line1, address.line2]));
}

/**
 * The address as the order page shows it: anyone holding the page's link sees it, so the street is
 * cut to its first characters (enough for the shopper to recognise it) and the second line left out.
 */
export function shortenedAddressLines(address: ShippingAddress | null): string[] {
  if (!address) return [];
  const street = address.line1?.trim() ?? '';
  return lines(address, present([street.length > 4 ? `${street.slice(0, 4)}…` : street]));
}
