/** After this many failed attempts at notifying the shop, every retry logs an alert; the message stays owed. */
export const MAX_EMAIL_ATTEMPTS = 5;

const FIRST_RETRY_MS = 60_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * How long the retry job waits after a message's `attempts`-th failed attempt: 1, 2, 4, 8… minutes,
 * never more than an hour, and never giving up (an outage of a day still ends in delivery).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
}
