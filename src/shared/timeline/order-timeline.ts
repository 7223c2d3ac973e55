import {
  type AfterSaleStepDetail,
  AFTER_SALE_MAILS,
  AFTER_SALE_SHOP_MAILS,
  AFTER_SALE_SHOP_ONLY_STEPS,
  AFTER_SALE_STEP_WORDS,
  AFTER_SALE_STEPS,
} from '#shared/after-sale/after-sale-kinds.ts';
import { SALE_MAILS, SALE_SHOP_MAILS, SALE_SHOP_ONLY_STEPS, SALE_STEPS, type SaleStepDetail } from '#shared/orders/order-status.ts';
import { SALE_STEP_WORDS } from '#shared/orders/step-words.ts';

/**
 * An order's timeline is written by three parts, each of which keeps its own kinds: the sale
 * (shared/orders/), the after-sale (shared/after-sale/) and the follow-ups below, which tell others of
 * an order (the review invitation, Refer a Friend's reward) and only the shop sees as steps.
 */
const FOLLOW_UP_STEPS = ['review_invited', 'review_skipped', 'referral_rewarded', 'referral_withdrawn'] as const;
const FOLLOW_UP_MAILS = ['review_invite', 'referral_reward'] as const;

/** What a follow-up's step says: a review invitation's signed key per product (from the order's own token). */
interface FollowUpStepDetail {
  keys?: Record<string, string>;
}

/** What a step of an order's timeline says beside its kind: the sale's, the after-sale's and the follow-ups' fields. */
export type OrderStepDetail = SaleStepDetail & AfterSaleStepDetail & FollowUpStepDetail;

export const ORDER_STEPS = [...SALE_STEPS, ...AFTER_SALE_STEPS, ...FOLLOW_UP_STEPS] as const;
export type OrderStepKind = (typeof ORDER_STEPS)[number];

export const ORDER_MAIL_KINDS = [...SALE_MAILS, ...AFTER_SALE_MAILS, ...FOLLOW_UP_MAILS] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** Mails to the shop, not the shopper: owed whether or not the order has an address. */
export const SHOP_MAILS: readonly OrderMailKind[] = [...SALE_SHOP_MAILS, ...AFTER_SALE_SHOP_MAILS];

const SHOP_ONLY_STEPS = [...SALE_SHOP_ONLY_STEPS, ...AFTER_SALE_SHOP_ONLY_STEPS, ...FOLLOW_UP_STEPS] as const;
export type ShopperStepKind = Exclude<OrderStepKind, (typeof SHOP_ONLY_STEPS)[number]>;

/** Whether the shopper's order page shows a step (disputes, asks of Stripe and the follow-ups are the shop's). */
export const shownToShopper = <S extends { kind: OrderStepKind }>(step: S): step is S & { kind: ShopperStepKind } =>
  !(SHOP_ONLY_STEPS as readonly string[]).includes(step.kind);

/** Each step of an order's timeline in the back office's and the command line's words. */
export const STEP_WORDS: Record<OrderStepKind, string> = {
  ...SALE_STEP_WORDS,
  ...AFTER_SALE_STEP_WORDS,
  review_invited: 'invited to review',
  review_skipped: 'not invited to review: the address unsubscribed',
  referral_rewarded: 'a friend ordered with their code: reward sent',
  referral_withdrawn: 'came back: the referrer’s unused reward code switched off',
};
