import type { OrderActionDeps } from '#worker/orders/order-deps.ts';

/**
 * What other features do when an order's goods come back, wired once for every runtime
 * (wiring/after-sale-wiring.ts) so that the after-sale names none of them: Refer a Friend withdraws a
 * reward the order no longer earns. Money going back reaches them as Stripe's refund events
 * (wiring/stripe-event-wiring.ts). A listener that throws is told again by the next receive or refund.
 */
export interface AfterSaleListeners {
  goodsBack: Array<(deps: OrderActionDeps, orderNumber: string) => Promise<void>>;
}

/** An owner's after-sale action: the order's action dependencies and who listens to goods coming back. */
export interface AfterSaleDeps extends OrderActionDeps {
  afterSale: AfterSaleListeners;
}
