import { claims, FREE_STANDARD_SHIPPING_OVER_IN, returnsPolicy } from '#shared/policy/figures.ts';
import { claimText } from '#shared/policy/text.ts';
import { formatMinor, formatRoundMoney } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';

/**
 * The rotating promotional strip's 7 messages, in the visitor's currency: every figure from the policy
 * module, every offer with its condition (free delivery over its threshold; the referral amount the
 * visitor's own coupon gives).
 */
export function promoMessages(currency: Currency): string[] {
  return [
    `Free UK, EU & US delivery over ${formatRoundMoney(FREE_STANDARD_SHIPPING_OVER_IN[currency], currency)}`,
    `Easy ${returnsPolicy.windowDays}-Day Returns`,
    '24/7 Support via chat, phone & email',
    `Used by ${claimText.shooters} shooters`,
    `Subscribe & Save ${claimText.subscriptionDiscount}`,
    `Refer a Friend: ${formatMinor(claims.referralAmounts[currency], currency).replace(/\.00$/, '')} off for each of you`,
    'Exclusive Distributor for US, UK, FR',
  ];
}
