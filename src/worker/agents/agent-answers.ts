import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';

/** What the agents' API needs: the database, the settings, Stripe (null: payment links only), the change feed, work after the answer. */
export interface AgentDeps {
  db: Db;
  settings: Settings;
  log: Logger;
  gateway: CheckoutGateway | null;
  changes: ChangeFeed;
  background: (work: Promise<unknown>) => void;
}

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
