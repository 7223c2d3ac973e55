import type { BatchItem } from 'drizzle-orm/batch';
import type { CacheEntry } from './strategy.ts';

/** What kept reads are checked against: entries made under another version, or past `expiresAt`, are outdated. */
export interface GateState {
  version: string;
  /** ms since the epoch; NEVER when nothing makes entries expire. */
  expiresAt: number;
}

/**
 * The read cache's check of what it keeps against the data's current state (for posts: the content
 * version a sync bumps, and the next scheduled post). The gate's own row rides in the page's batch
 * when it is not fresh, so checking it costs no extra round trip.
 */
export interface VersionGate {
  /** The key its read is tracked under among the reads in flight. */
  key: string;
  /** The state as last read (memory, then the store); undefined when never read. */
  current(): Promise<CacheEntry<GateState> | undefined>;
  /** Whether that state may be used at `at` without reading it again. */
  isFresh(state: CacheEntry<GateState> | undefined, at: number): state is CacheEntry<GateState>;
  /** The statement that reads it, put at the head of a batch. */
  query(at: number): BatchItem<'sqlite'>;
  /** Keeps what that statement returned (read at `at`). */
  keep(rows: unknown, at: number): Promise<void>;
  /** What new entries are stamped with: the state as now known. */
  stamp(): GateState;
  /** Forgets the state, so every kept read is checked again. */
  changed(): Promise<void>;
}
