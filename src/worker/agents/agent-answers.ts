import type { CheckoutDeps } from '#worker/checkout/start-checkout.ts';

/** What the agents' API needs is what a cart's checkout needs: an agent's checkout is one (decision 039). */
export type AgentDeps = CheckoutDeps;

/** An answer of the API before it is sent: its HTTP status and JSON body (kept whole for an Idempotency-Key). */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A protocol error (UCP: an HTTP status with a JSON body of code and content). */
export const protocolError = (status: number, code: string, content: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { code, content },
  ...(headers && { headers }),
});
