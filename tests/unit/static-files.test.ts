import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandNames } from '#client/island-names.ts';
import { cacheControlFor } from '#shared/site/cache-control.ts';

describe('static file rules', () => {
  it('public/_headers states the same cache rules the Node server applies', () => {
    const headers = readFileSync('public/_headers', 'utf8');
    expect(headers).toContain(`/assets/*\n  ! Cache-Control\n  Cache-Control: ${cacheControlFor('/assets/x.js')}`);
    expect(headers).toContain(`/*\n  Cache-Control: ${cacheControlFor('/favicon.ico')}`);
    expect(cacheControlFor('/assets/entry-abc.js')).toContain('immutable');
    expect(cacheControlFor('/favicon.ico')).not.toContain('immutable');
  });

  it('every island name has a file the client can load, and every island file is named', () => {
    const files = readdirSync('src/client/islands')
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => f.replace(/\.tsx$/, ''));
    expect([...islandNames].toSorted()).toEqual(files.toSorted());
  });
});
