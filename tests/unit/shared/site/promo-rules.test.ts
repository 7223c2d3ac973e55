import { describe, expect, it } from 'vitest';
import { stepPromo } from '#shared/site/promo-rules.ts';

describe('promotional strip stepping', () => {
  it('advances one at a time and wraps to the start after the last full view', () => {
    expect(stepPromo(0, 1, 7, 3)).toBe(1);
    expect(stepPromo(4, 1, 7, 3)).toBe(0);
    expect(stepPromo(0, -1, 7, 3)).toBe(4);
    expect(stepPromo(6, 1, 7, 1)).toBe(0);
    expect(stepPromo(0, -1, 7, 1)).toBe(6);
  });
});
