import { claims, FREE_STANDARD_SHIPPING_OVER_IN, returnsPolicy } from '#shared/policy/figures.ts';
import { claimText } from '#shared/policy/text.ts';
import { formatMinor, formatRoundMoney } from '#shared/money.ts';
import type { Currency } from '#shared/region/region.ts';
import { NEWSLETTER_PATH } from './navigation.ts';

/** One message of the strip, and where it leads when it is an offer to take up (a path, before any market prefix). */
export interface PromoMessage {
  text: string;
  href?: string;
}

/**
 * The rotating promotional strip's 7 messages, in the visitor's currency: every figure from the policy
 * module, every offer with its condition (free delivery over its threshold; the referral amount the
 * visitor's own coupon gives); Subscribe & Save leads to the Digest's sign-up, whose page says the terms.
 */
export function promoMessages(currency: Currency): PromoMessage[] {
  return [
    { text: `Free UK, EU & US delivery over ${formatRoundMoney(FREE_STANDARD_SHIPPING_OVER_IN[currency], currency)}` },
    { text: `Easy ${returnsPolicy.windowDays}-Day Returns` },
    { text: '24/7 Support via chat, phone & email' },
    { text: `Used by ${claimText.shooters} shooters` },
    { text: `Subscribe & Save ${claimText.subscriptionDiscount}`, href: NEWSLETTER_PATH },
    { text: `Refer a Friend: ${formatMinor(claims.referralAmounts[currency], currency).replace(/\.00$/, '')} off for each of you` },
    { text: 'Exclusive Distributor for US, UK, FR' },
  ];
}
