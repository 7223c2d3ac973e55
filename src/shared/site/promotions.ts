import { claims, returnsPolicy } from '#shared/policy/figures.ts';
import { claimText } from '#shared/policy/text.ts';

/** The rotating promotional strip's 7 messages; figures come from the policy module. */
export const promoMessages = [
  'Free Shipping in US, UK & EU',
  `Easy ${returnsPolicy.windowDays}-Day Returns`,
  '24/7 Support via chat, phone & email',
  `Used by ${claimText.shooters} shooters`,
  `Subscribe & Save ${claimText.subscriptionDiscount}`,
  `Refer a Friend - Get ${claims.referralDiscount.amount} euros Off Each`,
  'Exclusive Distributor for US, UK, FR',
];
