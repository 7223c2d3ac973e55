import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, regionDependentCacheControl, staticFileHeaders } from '#shared/caching/cache-control.ts';

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

describe('static file caching', () => {
  it('public/_headers states the same cache rules the Node server applies', () => {
    const headers = readFileSync('public/_headers', 'utf8');
    expect(headers).toContain(`/assets/*\n  ! Cache-Control\n  Cache-Control: ${cacheControlFor('/assets/x.js')}`);
    expect(headers).toContain(`/*\n  Cache-Control: ${cacheControlFor('/favicon.ico')}`);
    expect(cacheControlFor('/assets/entry-abc.js')).toContain('immutable');
    expect(cacheControlFor('/favicon.ico')).not.toContain('immutable');
  });

  it('public/_headers gives every file the other headers the Node server sends with its files', () => {
    const everyFile = readFileSync('public/_headers', 'utf8').split('\n/assets/*')[0]!;
    expect(everyFile).toContain('/*\n');
    for (const [name, value] of Object.entries(staticFileHeaders)) expect(everyFile).toContain(`\n  ${name}: ${value}\n`);
  });
});
