/**
 * The EU's member states and each one's standard VAT rate (%), as the European Commission's "VAT rates
 * applied in the Member States" lists them from 1 August 2025 (Estonia 24 from July 2025, Romania 21 from
 * August 2025, Slovakia 23 and Finland 25.5 before). Rates change by national law: check the table each
 * January (Stripe Tax, when on, gives each order's own figure instead).
 */
export const EU_STANDARD_VAT = {
  AT: 20,
  BE: 21,
  BG: 20,
  HR: 25,
  CY: 19,
  CZ: 21,
  DK: 25,
  EE: 24,
  FI: 25.5,
  FR: 20,
  DE: 19,
  GR: 24,
  HU: 27,
  IE: 23,
  IT: 22,
  LV: 21,
  LT: 21,
  LU: 17,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SK: 23,
  SI: 22,
  ES: 21,
  SE: 25,
} as const satisfies Record<string, number>;

export type EuMemberState = keyof typeof EU_STANDARD_VAT;

/** The member states, as ISO 3166-1 alpha-2 codes (Greece is GR here, as addresses write it; VAT numbers use EL). */
export const EU_MEMBER_STATES = Object.keys(EU_STANDARD_VAT) as EuMemberState[];

export const isEuMemberState = (country: string | null | undefined): country is EuMemberState =>
  country != null && Object.hasOwn(EU_STANDARD_VAT, country);
