import { beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '#worker/db/migrate-node.ts';
import { seedDatabase } from '#worker/db/seed/seed.ts';
import { useMigratedDb } from '../../../support/temp-db';

const temp = useMigratedDb();

describe('prepareDatabase', () => {
  beforeAll(async () => {
    await seedDatabase(temp.db);
  });

  it('seeds only an empty database on start', async () => {
    expect(await prepareDatabase(temp.db)).toEqual({ seeded: false });
  });
});
