import { sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { blogPosts, contentVersion } from '#worker/posts/post-tables.ts';
import { pageChanges } from '#worker/changes/change-tables.ts';
import type { CacheStore } from '#worker/db/read-cache/read-cache.ts';
import { CacheShort, NEVER, type CacheEntry } from '#worker/db/read-cache/strategy.ts';
import type { GateState, VersionGate } from '#worker/db/read-cache/version-gate.ts';

const STATE_KEY = 'content-state';

/**
 * What cached reads are checked against: the content's version (content:sync bumps it), the latest
 * change a write told of (page_changes: a stock label, a price, a post), and the next scheduled
 * post's time (from then on, lists read before it are outdated). One short row.
 */
function contentState(db: Db, now: string) {
  return db
    .select({
      version: sql<number | null>`(select ${contentVersion.version} from ${contentVersion} where ${contentVersion.id} = 1)`,
      change: sql<number | null>`(select max(${pageChanges.id}) from ${pageChanges})`,
      nextPublishAt: sql<
        string | null
      >`(select min(${blogPosts.publishedAt}) from ${blogPosts} where ${blogPosts.published} = 1 and ${blogPosts.publishedAt} > ${now})`,
    })
    .from(sql`(select 1)`);
}

/**
 * The editorial gate: the content version (content:sync bumps it) and the next scheduled post's time
 * (lists read before it are outdated from then on), one short row read at most once a minute (the
 * short strategy's fresh window) and kept in memory as well as in the store.
 */
export function contentGate(db: Db, store: CacheStore): VersionGate {
  let memo: CacheEntry<GateState> | undefined;
  const remember = async (entry: CacheEntry<GateState>) => {
    memo = entry;
    await store.put(STATE_KEY, entry, CacheShort.staleMs);
  };
  return {
    key: STATE_KEY,
    async current() {
      if (!memo) memo = (await store.get(STATE_KEY)) as CacheEntry<GateState> | undefined;
      return memo;
    },
    isFresh(state, at): state is CacheEntry<GateState> {
      return state !== undefined && at - state.storedAt < CacheShort.freshMs && at < state.value.expiresAt;
    },
    query: (at) => contentState(db, new Date(at).toISOString()),
    async keep(rows, at) {
      const [row] = rows as Array<{ version: number | null; change: number | null; nextPublishAt: string | null }>;
      const value = {
        version: `${row?.version ?? 0}.${row?.change ?? 0}`,
        expiresAt: row?.nextPublishAt ? Date.parse(row.nextPublishAt) : NEVER,
      };
      await remember({ value, storedAt: at, version: value.version, expiresAt: value.expiresAt });
    },
    stamp: () => ({ version: memo?.value.version ?? '0', expiresAt: memo?.value.expiresAt ?? NEVER }),
    changed: () => remember({ value: { version: '', expiresAt: 0 }, storedAt: 0, version: '', expiresAt: 0 }),
  };
}
