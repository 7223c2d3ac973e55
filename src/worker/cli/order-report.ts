import { shortStanding } from '#shared/timeline/standing.ts';
import { readFlags } from '#worker/cli/cli-flags.ts';
import { formatMinor } from '#shared/money.ts';
import {
  FULFILMENT_STATUSES,
  isFulfilmentStatus,
  isPaymentStatus,
  PAYMENT_STATUSES,
  type FulfilmentStatus,
  type PaymentStatus,
} from '#shared/orders/order-status.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';

/** What `npm run orders` was asked for. */
export interface OrderListOptions {
  since?: string;
  /** A payment status or a fulfilment status (their names differ). */
  status?: PaymentStatus | FulfilmentStatus;
  limit: number;
}

const USAGE = `orders takes --since YYYY-MM-DD, --status ${[...PAYMENT_STATUSES, ...FULFILMENT_STATUSES].join('|')} and --limit N (at most 1000)`;

/** Reads `--since 2026-11-01 --status pending --limit 50` (or `--since=…`); throws with the usage on anything else. */
export function parseOrderListFlags(flags: string[]): OrderListOptions {
  const options: OrderListOptions = { limit: 100 };
  for (const [flag, value] of readFlags(flags, ['--since', '--status', '--limit'], USAGE)) {
    if (flag === '--since' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) {
      options.since = new Date(value).toISOString();
    } else if (flag === '--status' && (isPaymentStatus(value) || isFulfilmentStatus(value))) {
      options.status = value;
    } else if (flag === '--limit' && /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1000) {
      options.limit = Number(value);
    } else {
      throw new Error(`bad option ${flag} ${value} (${USAGE})`);
    }
  }
  return options;
}

/**
 * One block per order, newest first: number, date, payment and fulfilment status, total, e-mail, where
 * it stands, the shopping agent it came through (`agents`: by order number), then its lines.
 */
export function formatOrderList(orders: StoredOrder[], agents: ReadonlyMap<string, string> = new Map()): string {
  return orders
    .map((o) =>
      [
        [
          o.number,
          o.createdAt.slice(0, 16).replace('T', ' '),
          o.status.padEnd(18),
          o.fulfilment.padEnd(11),
          formatMinor(o.total, o.currency).padStart(10),
          o.email ?? '-',
          // Where it stands, in the words of the order page and its mails (shared/timeline/standing.ts).
          `· ${shortStanding(o)}`,
          ...(agents.has(o.number) ? [`· through agent ${agents.get(o.number)}`] : []),
        ].join('  '),
        ...o.lines.map((l) => `    ${l.quantity} × ${l.name}  ${formatMinor(l.unitAmount * l.quantity, o.currency)}`),
      ].join('\n'),
    )
    .join('\n');
}
