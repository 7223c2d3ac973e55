import { describe, expect, it } from 'vitest';
import { cacheKey, CacheLong, CacheShort, entryState, NEVER, type CacheEntry } from '#worker/db/read-cache/strategy.ts';

const T0 = Date.parse('2026-11-24T12:00:00Z');
const entry = (over: Partial<CacheEntry> = {}): CacheEntry => ({ value: [], storedAt: T0, version: '3', expiresAt: NEVER, ...over });

describe('entryState', () => {
  it('is fresh inside the fresh window, stale after it, gone after the stale window', () => {
    expect(entryState(entry(), CacheShort, T0 + CacheShort.freshMs - 1, '3')).toBe('fresh');
    expect(entryState(entry(), CacheShort, T0 + CacheShort.freshMs, '3')).toBe('stale');
    expect(entryState(entry(), CacheShort, T0 + CacheShort.staleMs - 1, '3')).toBe('stale');
    expect(entryState(entry(), CacheShort, T0 + CacheShort.staleMs, '3')).toBe('gone');
  });

  it('keeps the categories fresh for an hour', () => {
    expect(entryState(entry(), CacheLong, T0 + 59 * 60_000, '3')).toBe('fresh');
    expect(entryState(entry(), CacheLong, T0 + 61 * 60_000, '3')).toBe('stale');
  });

  it('is outdated (read again, kept copy only on failure) after a sync bumped the version', () => {
    expect(entryState(entry(), CacheShort, T0 + 1000, '4')).toBe('outdated');
  });

  it('is outdated from the moment a scheduled post comes due, and not before', () => {
    const due = T0 + 30_000;
    expect(entryState(entry({ expiresAt: due }), CacheShort, due - 1, '3')).toBe('fresh');
    expect(entryState(entry({ expiresAt: due }), CacheShort, due, '3')).toBe('outdated');
  });

  it('survives JSON (the Workers Cache API keeps entries as JSON): NEVER is finite', () => {
    const back = JSON.parse(JSON.stringify(entry())) as CacheEntry;
    expect(entryState(back, CacheShort, T0 + 1, '3')).toBe('fresh');
  });
});

describe('cacheKey', () => {
  it('is the read and its arguments, and differs when they do', () => {
    expect(cacheKey('search', [{ q: 'laser', category: null, page: 1, pageSize: 12 }])).toBe(
      'search:[{"q":"laser","category":null,"page":1,"pageSize":12}]',
    );
    expect(cacheKey('post', ['a'])).not.toBe(cacheKey('post', ['b']));
    expect(cacheKey('latest', [2])).not.toBe(cacheKey('per-category', [2]));
  });
});
