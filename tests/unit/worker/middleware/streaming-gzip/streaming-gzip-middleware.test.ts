import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '#worker/middleware/streaming-gzip/streaming-gzip-middleware.ts';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['br', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
