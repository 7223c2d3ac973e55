import type { OrderMailParts } from '#worker/orders/order-deps.ts';
import { referralConfirmationLines, referralStepWriters } from '#worker/referrals/referral-email.ts';
import { afterSaleStepWriters } from '#worker/after-sale/after-sale-email.ts';
import { reviewStepWriters } from '#worker/reviews/review-email.ts';

/**
 * What each feature adds to an order's mail, wired once for every runtime: the step mails the after-sale,
 * reviews and referrals own, and the Refer a Friend code in a paid order's confirmation.
 */
export const orderMailParts: OrderMailParts = {
  steps: { ...afterSaleStepWriters, ...reviewStepWriters, ...referralStepWriters },
  confirmation: [referralConfirmationLines],
};
