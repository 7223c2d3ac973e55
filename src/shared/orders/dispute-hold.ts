/**
 * Whether a dispute stops an order's goods from going out. Shipping on a fraud dispute loses the
 * goods and the money, so an open dispute holds the order until it is won (or closed in the shop's
 * favour), and a lost one holds it for good: the buyer's bank has taken the money back.
 */

/** What of a timeline step this rule reads (a dispute step carries Stripe's id, and on close the outcome). */
export interface DisputeStepLike {
  kind: string;
  /** A dispute of an exchange difference's charge names its request: it holds that exchange (the ledger's), not the order. */
  detail: { dispute?: string; outcome?: string; dueBy?: string; amount?: number; request?: string } | null;
}

export interface DisputeHold {
  dispute: string;
  state: 'open' | 'lost';
  /** Stripe's deadline for evidence (ISO), when it gave one. */
  dueBy: string | null;
  amount: number | null;
}

/** Stripe's closed dispute statuses that leave the money with the buyer (`lost`); won and warning_closed do not. */
const LOST = new Set(['lost']);

/** The dispute holding this order, or null: an open one first (the owner can still act on it), else a lost one. */
export function disputeHold(steps: readonly DisputeStepLike[]): DisputeHold | null {
  const opened = new Map<string, DisputeStepLike>();
  const closed = new Map<string, string>();
  for (const step of steps) {
    const id = step.detail?.dispute;
    if (!id || step.detail?.request) continue;
    if (step.kind === 'dispute_opened') opened.set(id, step);
    if (step.kind === 'dispute_closed') closed.set(id, step.detail?.outcome ?? '');
  }
  const hold = (id: string, state: DisputeHold['state']): DisputeHold => {
    const detail = opened.get(id)?.detail;
    return { dispute: id, state, dueBy: detail?.dueBy ?? null, amount: detail?.amount ?? null };
  };
  for (const id of opened.keys()) if (!closed.has(id)) return hold(id, 'open');
  for (const [id, outcome] of closed) if (LOST.has(outcome)) return hold(id, 'lost');
  return null;
}

/** The dispute's page in Stripe's Dashboard, where the owner answers it. */
export const disputeDashboardUrl = (id: string) => `https://dashboard.stripe.com/disputes/${id}`;

/** Why a dispute stops shipping, in the owner's words (without the deadline: each page says it its own way). */
export function disputeRefusal(hold: DisputeHold): string {
  return hold.state === 'open'
    ? 'its payment is disputed (shipping now could lose both the goods and the money)'
    : 'its dispute was lost (the buyer’s bank has taken the money back)';
}
