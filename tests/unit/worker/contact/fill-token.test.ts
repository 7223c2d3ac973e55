import { describe, expect, it } from 'vitest';
import { judgeFillTime, readFillToken, signFillToken } from '#worker/contact/fill-token.ts';

const importKey = (secret: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
const key = await importKey('a-secret-of-sixteen-or-more');
const renderedAt = Date.UTC(2026, 10, 23, 9, 0, 0);
/** A token rendered at renderedAt, read `elapsedMs` later. */
const read = async (elapsedMs: number) => readFillToken(key, await signFillToken(key, renderedAt), renderedAt + elapsedMs);

describe('contact fill-time token', () => {
  it('signs the render time and reads it back with the time elapsed', async () => {
    const token = await signFillToken(key, renderedAt);
    expect(token).toMatch(/^v2\.\d+\.[\w-]{16}\.[0-9a-f]{64}$/);
    expect(token).toContain(String(renderedAt));
    expect(await readFillToken(key, token, renderedAt + 4200)).toEqual({ kind: 'valid', renderedAt, elapsedMs: 4200 });
  });

  it('gives two pages rendered in the same millisecond tokens of their own (a nonce each), and still reads a v1 token', async () => {
    const [a, b] = await Promise.all([signFillToken(key, renderedAt), signFillToken(key, renderedAt)]);
    expect(a).not.toBe(b);
    // A page rendered before v2: `v1.<ms>.<MAC of "contact-fill:v1:<ms>">`.
    const v1Mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`contact-fill:v1:${renderedAt}`)));
    const v1 = `v1.${renderedAt}.${[...v1Mac].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
    expect(await readFillToken(key, v1, renderedAt + 5000)).toEqual({ kind: 'valid', renderedAt, elapsedMs: 5000 });
  });

  it('refuses a token signed with another key, or with its time or MAC changed', async () => {
    const token = await signFillToken(key, renderedAt);
    expect(await readFillToken(await importKey('another-secret-of-sixteen'), token, renderedAt)).toEqual({ kind: 'bad_signature' });
    // A bot moving the time back to look slow.
    expect(await readFillToken(key, token.replace(String(renderedAt), String(renderedAt - 60_000)), renderedAt)).toEqual({
      kind: 'bad_signature',
    });
    const mac = token.split('.')[3]!;
    const flipped = token.slice(0, -mac.length) + (mac[0] === 'a' ? 'b' : 'a') + mac.slice(1);
    expect(await readFillToken(key, flipped, renderedAt)).toEqual({ kind: 'bad_signature' });
  });

  it('tells a missing token from a malformed one', async () => {
    const token = await signFillToken(key, renderedAt);
    expect(await readFillToken(key, '', renderedAt)).toEqual({ kind: 'missing' });
    for (const bad of [
      'x',
      String(renderedAt),
      token.replace('v2.', 'v3.'),
      token.slice(0, -1),
      `${token}0`,
      token.toUpperCase(),
      `v2.-5.${token.split('.').slice(2).join('.')}`,
      `v2.${'9'.repeat(16)}.${token.split('.').slice(2).join('.')}`,
      token + '.'.repeat(200),
    ]) {
      expect(await readFillToken(key, bad, renderedAt), bad).toEqual({ kind: 'malformed' });
    }
  });

  it('judges too fast only a valid token younger than the minimum', async () => {
    expect(judgeFillTime(await read(0), 3000)).toEqual({ kind: 'too_fast', elapsedMs: 0 });
    expect(judgeFillTime(await read(2999), 3000)).toEqual({ kind: 'too_fast', elapsedMs: 2999 });
    expect(judgeFillTime(await read(3000), 3000)).toMatchObject({ kind: 'human', elapsedMs: 3000 });
    // A page kept open for days (or restored from the browser's cache) is still a person's.
    expect(judgeFillTime(await read(7 * 24 * 3600_000), 3000)).toMatchObject({ kind: 'human', elapsedMs: 7 * 24 * 3600_000 });
  });

  it('takes a token from the future (clock skew between servers) as human', async () => {
    expect(judgeFillTime(await readFillToken(key, await signFillToken(key, renderedAt + 5000), renderedAt), 3000)).toEqual({
      kind: 'human',
      elapsedMs: -5000,
      renderedAt: renderedAt + 5000,
    });
  });

  it('calls the fill time unknown without a valid token', () => {
    expect(judgeFillTime({ kind: 'missing' }, 3000)).toEqual({ kind: 'unknown', reason: 'missing' });
    expect(judgeFillTime({ kind: 'malformed' }, 3000)).toEqual({ kind: 'unknown', reason: 'malformed' });
    expect(judgeFillTime({ kind: 'bad_signature' }, 3000)).toEqual({ kind: 'unknown', reason: 'bad_signature' });
  });
});
