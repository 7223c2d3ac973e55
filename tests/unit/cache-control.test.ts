import { describe, expect, it } from 'vitest';
import { regionDependentCacheControl } from '#shared/site/cache-control.ts';

describe('region-dependent responses', () => {
  it('are private and revalidated when the route set nothing', () => {
    expect(regionDependentCacheControl(null)).toBe('private, no-cache');
    expect(regionDependentCacheControl('')).toBe('private, no-cache');
  });

  it('never stay public or shared-cacheable, keeping the browser lifetime a route chose', () => {
    expect(regionDependentCacheControl('public, max-age=300, s-maxage=3600')).toBe('private, max-age=300');
    expect(regionDependentCacheControl('max-age=60')).toBe('private, max-age=60');
    expect(regionDependentCacheControl('private, no-cache')).toBe('private, no-cache');
  });

  it('leave no-store alone', () => {
    expect(regionDependentCacheControl('no-store')).toBe('no-store');
    expect(regionDependentCacheControl('public, no-store')).toBe('no-store');
  });
});
