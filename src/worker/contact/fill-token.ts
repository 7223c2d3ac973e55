import { fromHex, randomToken, toHex } from '#worker/base/hashing.ts';

/**
 * The contact form's fill-time token: the time the form was rendered and a random nonce, signed with
 * HMAC-SHA-256 (Web Crypto, so the same code runs on the Worker and on Node). Format
 * `v2.<ms since epoch>.<nonce>.<hex MAC>`: the nonce makes each page's token its own, so two people who
 * open the form in the same millisecond are not one token used twice (issue 76). A `v1.<ms>.<MAC>`
 * token (a page rendered before v2) is still read. The key is passed in; where it comes from is
 * fill-time.ts's business.
 */

/** Far above any real token (v2, 13 digits, 16 nonce characters, 64 hex digits); longer input is not even parsed. */
const MAX_TOKEN_LENGTH = 120;
const TOKEN_PATTERN = /^v2\.(\d{1,15})\.([A-Za-z0-9_-]{16})\.([0-9a-f]{64})$|^v1\.(\d{1,15})\.([0-9a-f]{64})$/;

/** The signed text: a prefix of its own, so the MAC cannot be taken for another use of the same key. */
const signed = (renderedAt: number, nonce: string | null) =>
  new TextEncoder().encode(nonce === null ? `contact-fill:v1:${renderedAt}` : `contact-fill:v2:${renderedAt}:${nonce}`);

/** A token saying the form was rendered at `renderedAt` (ms since the epoch), with a nonce of its own. */
export async function signFillToken(key: CryptoKey, renderedAt: number): Promise<string> {
  const at = Math.floor(renderedAt);
  const nonce = randomToken(12).slice(0, 16);
  return `v2.${at}.${nonce}.${toHex(await crypto.subtle.sign('HMAC', key, signed(at, nonce)))}`;
}

export type FillTokenReading =
  | { kind: 'missing' }
  | { kind: 'malformed' }
  | { kind: 'bad_signature' }
  /** elapsedMs is negative for a token from the future (another server's clock ahead of ours). */
  | { kind: 'valid'; renderedAt: number; elapsedMs: number };

/** Reads a posted token: whether it is there, well formed and signed with `key`, and how long ago it was rendered. */
export async function readFillToken(key: CryptoKey, token: string, now: number): Promise<FillTokenReading> {
  if (token === '') return { kind: 'missing' };
  const parts = token.length <= MAX_TOKEN_LENGTH ? TOKEN_PATTERN.exec(token) : null;
  if (!parts) return { kind: 'malformed' };
  const renderedAt = Number(parts[1] ?? parts[4]);
  const [nonce, mac] = parts[1] === undefined ? [null, parts[5]!] : [parts[2]!, parts[3]!];
  // verify compares in constant time; a plain string compare of MACs would leak how much matched.
  if (!(await crypto.subtle.verify('HMAC', key, fromHex(mac), signed(renderedAt, nonce)))) return { kind: 'bad_signature' };
  return { kind: 'valid', renderedAt, elapsedMs: now - renderedAt };
}

export type FillTimeVerdict =
  { kind: 'human'; elapsedMs: number; renderedAt: number } | { kind: 'too_fast'; elapsedMs: number } | { kind: 'unknown'; reason: string };

/**
 * Too fast only when a valid token says the form was sent less than `minFillMs` after it was rendered.
 * A token from the future counts as human (clock skew is not spam). Without a valid token the fill time
 * is unknown, which is not proof of a bot (see decision 014).
 */
export function judgeFillTime(reading: FillTokenReading, minFillMs: number): FillTimeVerdict {
  if (reading.kind !== 'valid') return { kind: 'unknown', reason: reading.kind };
  const { elapsedMs } = reading;
  return elapsedMs >= 0 && elapsedMs < minFillMs
    ? { kind: 'too_fast', elapsedMs }
    : { kind: 'human', elapsedMs, renderedAt: reading.renderedAt };
}
