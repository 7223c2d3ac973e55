import type { AfterSaleListeners } from '#worker/after-sale/after-sale-listeners.ts';
import { rewardFollowsGoods } from '#worker/referrals/referral-program.ts';

/** Who hears that an order's goods came back, wired once for every runtime. */
export const afterSaleListeners: AfterSaleListeners = { goodsBack: [rewardFollowsGoods] };
