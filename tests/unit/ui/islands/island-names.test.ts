import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandNames } from '#ui/islands/island-names.ts';

describe('island names', () => {
  it('every island name has a file the client can load, and every island file is named', () => {
    const files = readdirSync('src/ui/islands')
      .filter((f) => f.endsWith('.tsx'))
      .map((f) => f.replace(/\.tsx$/, ''));
    expect([...islandNames].toSorted()).toEqual(files.toSorted());
  });
});
