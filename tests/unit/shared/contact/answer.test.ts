import { describe, expect, it } from 'vitest';
import { readContactAnswer } from '#shared/contact/answer.ts';

const notice = { title: 'T', description: 'D' };

describe('readContactAnswer', () => {
  it("accepts the API's answers and the app's refusals", () => {
    expect(readContactAnswer({ ok: true, id: 3, outcome: 'partial' })).toEqual({ ok: true, id: 3, outcome: 'partial' });
    // The next message's token comes with the answer; anything but text there is left out.
    expect(readContactAnswer({ ok: true, id: 3, outcome: 'success', formToken: 'v1.1.ab' })).toEqual({
      ok: true,
      id: 3,
      outcome: 'success',
      formToken: 'v1.1.ab',
    });
    expect(readContactAnswer({ ok: true, id: 3, outcome: 'success', formToken: 7 })).toEqual({ ok: true, id: 3, outcome: 'success' });
    expect(readContactAnswer({ ok: false, error: 'rate_limited', notice })).toEqual({ ok: false, error: 'rate_limited', notice });
    expect(readContactAnswer({ ok: false, error: 'forbidden', notice })).toMatchObject({ notice });
    const problem = { field: 'email', ...notice };
    expect(readContactAnswer({ ok: false, error: 'invalid', problem })).toEqual({ ok: false, error: 'invalid', problem });
  });

  it.each([
    undefined,
    null,
    'Bad gateway',
    [],
    { error: 'insert failed' },
    { ok: false, error: 'insert failed' },
    { ok: false, error: 'invalid', problem: { field: 'nope', ...notice } },
    { ok: false, error: 'invalid' },
    { ok: true },
    { ok: true, id: '3', outcome: 'success' },
    { ok: true, id: 3, outcome: 'great' },
    { ok: false, error: 'x', notice: { title: '' } },
  ])('gives null for anything outside the contract: %j', (value) => {
    expect(readContactAnswer(value)).toBeNull();
  });
});
