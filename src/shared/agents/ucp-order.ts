import type { Currency } from '#shared/region/region.ts';
import { agentItemId } from './ucp-catalog.ts';

/** An order as the agent that made it reads it: what the shop keeps of it (orders/), in plain values. */
export interface AgentOrderInput {
  number: string;
  checkoutId: string;
  permalink: string;
  currency: Currency;
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  tax: number;
  taxInclusive: boolean;
  shippingOption: string | null;
  shippingAddress: Record<string, string | null> | null;
  lines: ReadonlyArray<{ position: number; productId: number | null; name: string; quantity: number; unitAmount: number }>;
  /** Its timeline, oldest first: the kind of each step, what it says, and when (ISO). */
  steps: ReadonlyArray<{ kind: string; detail: StepDetail | null; at: string }>;
}

interface StepDetail {
  amount?: number;
  carrier?: string;
  tracking?: string;
  url?: string;
  lines?: Array<{ productId: number; quantity: number }>;
  reason?: string;
  outcome?: string;
}

const lineId = (position: number) => `li_${position + 1}`;
const isoOf = (at: string) => new Date(at.includes('T') ? at : `${at.replace(' ', 'T')}Z`).toISOString();

/** The Stripe-collected address in UCP's postal_address shape. */
function postalAddress(address: Record<string, string | null> | null) {
  const pick = (key: string) => address?.[key] ?? undefined;
  return Object.fromEntries(
    Object.entries({
      street_address: pick('line1'),
      extended_address: pick('line2'),
      address_locality: pick('city'),
      address_region: pick('state'),
      postal_code: pick('postal_code'),
      address_country: pick('country'),
    }).filter(([, v]) => v),
  );
}

/** A refund, a return, a dispute: UCP's adjustments, from the steps that moved money or goods after the sale. */
const ADJUSTMENTS: Record<string, { type: string; status: 'pending' | 'completed' | 'failed' }> = {
  refunded: { type: 'refund', status: 'completed' },
  partially_refunded: { type: 'refund', status: 'completed' },
  refund_failed: { type: 'refund', status: 'failed' },
  difference_refunded: { type: 'refund', status: 'completed' },
  return_requested: { type: 'return', status: 'pending' },
  return_received: { type: 'return', status: 'completed' },
  returned: { type: 'return', status: 'completed' },
  credit_kept: { type: 'credit', status: 'completed' },
  dispute_opened: { type: 'dispute', status: 'pending' },
  dispute_closed: { type: 'dispute', status: 'completed' },
};

/** The order in UCP's shape (dev.ucp.shopping.order): lines, totals, what was sent and what came back. */
export function ucpOrder(order: AgentOrderInput) {
  const byProduct = new Map(order.lines.flatMap((l) => (l.productId === null ? [] : [[l.productId, lineId(l.position)] as const])));
  const linesOf = (lines: StepDetail['lines']) =>
    (lines ?? []).flatMap((l) => (byProduct.has(l.productId) ? [{ id: byProduct.get(l.productId)!, quantity: l.quantity }] : []));
  const allLines = order.lines.map((l) => ({ id: lineId(l.position), quantity: l.quantity }));
  const shipped = order.steps.some((s) => s.kind === 'shipped');
  const returned = new Map<string, number>();
  for (const step of order.steps)
    if (step.kind === 'returned') for (const l of linesOf(step.detail?.lines)) returned.set(l.id, (returned.get(l.id) ?? 0) + l.quantity);
  const events = order.steps.flatMap((step, i) =>
    step.kind === 'shipped' || step.kind === 'delivered'
      ? [
          {
            id: `evt_${i + 1}`,
            occurred_at: isoOf(step.at),
            type: step.kind,
            line_items: allLines,
            ...(step.detail?.tracking && { tracking_number: step.detail.tracking }),
            ...(step.detail?.url && { tracking_url: step.detail.url }),
            ...(step.detail?.carrier && { carrier: step.detail.carrier }),
          },
        ]
      : [],
  );
  const adjustments = order.steps.flatMap((step, i) => {
    const kind = ADJUSTMENTS[step.kind];
    if (!kind) return [];
    const amount = step.detail?.amount;
    const moneyBack = kind.type === 'refund' || kind.type === 'credit';
    return [
      {
        id: `adj_${i + 1}`,
        type: kind.type,
        occurred_at: isoOf(step.at),
        status: kind.status,
        ...(step.detail?.lines && { line_items: linesOf(step.detail.lines) }),
        ...(moneyBack && amount && amount > 0 && { totals: [{ type: 'total', amount: -amount }] }),
        ...(step.detail?.reason && { description: step.detail.reason }),
      },
    ];
  });
  return {
    id: order.number,
    label: order.number,
    checkout_id: order.checkoutId,
    permalink_url: order.permalink,
    currency: order.currency,
    line_items: order.lines.map((l) => {
      const id = lineId(l.position);
      const total = Math.max(0, l.quantity - (returned.get(id) ?? 0));
      const fulfilled = shipped ? total : 0;
      return {
        id,
        item: { id: l.productId === null ? `line-${l.position + 1}` : agentItemId(l.productId), title: l.name, price: l.unitAmount },
        quantity: { original: l.quantity, total, fulfilled },
        totals: [
          { type: 'subtotal', amount: l.unitAmount * l.quantity },
          { type: 'total', amount: l.unitAmount * l.quantity },
        ],
        status: total === 0 ? 'removed' : fulfilled === total ? 'fulfilled' : 'processing',
      };
    }),
    fulfillment: {
      expectations: [
        {
          id: 'exp_1',
          line_items: allLines,
          method_type: 'shipping',
          destination: postalAddress(order.shippingAddress),
          ...(order.shippingOption && { description: order.shippingOption }),
        },
      ],
      events,
    },
    adjustments,
    totals: [
      { type: 'subtotal', amount: order.subtotal },
      ...(order.discount > 0 ? [{ type: 'discount', amount: -order.discount }] : []),
      { type: 'fulfillment', amount: order.shipping },
      ...(order.tax > 0 && !order.taxInclusive ? [{ type: 'tax', amount: order.tax }] : []),
      { type: 'total', amount: order.total },
    ],
  };
}
