import { marketHref } from '#shared/market/market.ts';
import type { OrderMailKind } from '#shared/timeline/order-timeline.ts';
import type { StepMailWriter } from '#worker/orders/order-step-email.ts';

/** The invitation to review an order's products: one signed link per product, with one-click unsubscribe (its key in the step). */
const reviewInvite: StepMailWriter = ({ order, detail, market, settings, toShopper }) => {
  const links = Object.entries(detail.keys ?? {}).flatMap(([id, key]) => {
    if (id === 'unsubscribe') return [];
    const name = order.lines.find((l) => String(l.productId) === id)?.name ?? 'Your product';
    const url = new URL(`${marketHref(market, '/reviews/write')}?order=${order.number}&product=${id}&key=${key}`, settings.SITE_URL);
    return [`${name}: ${url.href}`];
  });
  return toShopper(`How are you getting on with your order ${order.number}?`, [
    'You have had your order for a little while now. Would you tell other shooters what you think of it?',
    'A review takes a minute; each link works for your own order only:',
    ...links,
    'We read every review before it is shown.',
  ]);
};

/** The step mails reviews/ owes (wired in wiring/order-mail-wiring.ts). */
export const reviewStepWriters: Partial<Record<OrderMailKind, StepMailWriter>> = { review_invite: reviewInvite };
