import { referralAmount, referralWords } from '#shared/policy/text.ts';
import type { OrderMailKind } from '#shared/timeline/order-timeline.ts';
import { referralCodeFor } from '#worker/limits/sender-key.ts';
import type { MailDeps } from '#worker/mail/send-owed.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import type { StepMailWriter } from '#worker/orders/order-step-email.ts';

/** The referrer's reward: a friend's first order came with their code. */
const referralReward: StepMailWriter = ({ detail, order, toShopper }) =>
  toShopper(`A friend ordered with your code: here is your ${referralAmount(order.currency)} off`, [
    `Someone you shared your Refer a Friend code with has placed their first order (${detail.request ?? ''}). Thank you!`,
    `Your code: ${detail.code ?? ''}. It takes ${referralWords(order.currency)} off your next order, once: type it in the code box of your cart.`,
    'It works while your friend keeps their order: if it comes back to us (for a refund or store credit) before you use the code, the code stops working.',
  ]);

/** The step mails referrals/ owes (wired in wiring/order-mail-wiring.ts). */
export const referralStepWriters: Partial<Record<OrderMailKind, StepMailWriter>> = { referral_reward: referralReward };

/** A paid order's confirmation names its buyer's Refer a Friend code (made at Stripe as the order is recorded). */
export async function referralConfirmationLines(order: StoredOrder, deps: MailDeps): Promise<string[]> {
  if (order.status !== 'paid' || !order.email) return [];
  const code = await referralCodeFor(deps.settings.RATE_LIMIT_SECRET, order.email);
  return [
    `Refer a Friend: give friends your code ${code}. It takes ${referralWords(order.currency)} off their first order, and for each friend who orders we send you a code worth the same.`,
  ];
}
