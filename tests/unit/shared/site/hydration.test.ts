import { describe, expect, it } from 'vitest';
import { isHydrationTiming } from '#shared/site/hydration.ts';

describe('hydration timings', () => {
  it('accepts exactly load, idle, visible and interaction', () => {
    for (const timing of ['load', 'idle', 'visible', 'interaction']) expect(isHydrationTiming(timing)).toBe(true);
    for (const other of ['eager', 'Load', '', undefined, null]) expect(isHydrationTiming(other)).toBe(false);
  });
});
