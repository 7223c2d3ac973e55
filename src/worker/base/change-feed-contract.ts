/**
 * What a write says it changed, as cache tags (src/shared/caching/cache-tags.ts): the pages and reads
 * carrying them are purged before the write answers. Domains take it in their dependencies; the
 * runtimes build it (src/worker/changes/).
 */
export interface ChangeFeed {
  /** Records the change and purges what it touched; never throws (a purge that fails is retried by the scheduled job). */
  publish(tags: readonly string[]): Promise<ChangeOutcome>;
}

/** `purged`: the page cache dropped the tags now; `pending`: recorded, the shop purges it later (its next scheduled run). */
export type ChangeOutcome = 'purged' | 'pending' | 'nothing';

/** For code that runs where no page is cached (tests of one domain): changes go nowhere. */
export const noChangeFeed: ChangeFeed = { publish: async () => 'nothing' };
