/**
 * Marketing and trust claims (spec points 1 and 9) used by the shop pages. The same figures are
 * being gathered in src/shared/policy.ts on another branch (same `claims` keys); once both are in
 * main, this file folds into that one.
 */
export const claims = {
  /** Shown as '1,200+ shooters'. */
  shooters: 1200,
  verifiedReviews: 44,
  /** Social followers, shown compact: '15.5K'. */
  followers: 15_500,
  /** Social likes, shown compact: '8.8K'. */
  likes: 8_800,
  /** Share of a national armed forces that uses our systems. */
  armedForcesPercent: 70,
  returnDays: 14,
  warrantyMonths: 12,
} as const;

/**
 * The spec names "certifications" without listing them. PLACEHOLDER wording from the products'
 * own laser classes; the operator replaces it with the certificates the shop actually holds.
 */
export const certifications = ['Laser safety classified to IEC 60825-1 (Class 1 and Class 3R)'] as const;

const count = new Intl.NumberFormat('en-US');
// en-US: the spec writes '15.5K' with a capital K, which en-GB's compact notation lowercases.
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** The claims as they read on the page. */
export const claimText = {
  shooters: `${count.format(claims.shooters)}+`,
  verifiedReviews: `${claims.verifiedReviews} verified reviews`,
  followers: compact.format(claims.followers),
  likes: compact.format(claims.likes),
  armedForces: `${claims.armedForcesPercent}%`,
} as const;
