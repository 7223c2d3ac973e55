import { resolve } from 'node:path';
import { formatSyncReport, planContentSync, planWrites, type ContentPlan } from '#shared/editorial/content-plan.ts';
import type { Db } from '../db/client';
import { applyContentPlan, readContentRows } from '../db/content-sync';
import { readContentFolder } from './content-folder';

export interface SyncOptions {
  /** Default: content/ in the working directory. */
  dir?: string;
  publicDir?: string;
  dryRun?: boolean;
  /** Unpublish published posts whose file is gone (they are never deleted). */
  prune?: boolean;
}

export interface SyncResult {
  plan: ContentPlan;
  /** Whether rows were written (false on a dry run or when everything already matched). */
  wrote: boolean;
  /** What the command prints. */
  report: string;
  /** True when any file was refused: the command then exits with 1. */
  failed: boolean;
}

/** content/ into the database: read and check the files, compare with the rows, write the difference at once. */
export async function syncContent(db: Db, opts: SyncOptions = {}): Promise<SyncResult> {
  const files = readContentFolder(opts.dir ?? resolve('content'), opts.publicDir ?? resolve('public'));
  const plan = planContentSync(files, await readContentRows(db), { prune: opts.prune });
  const wrote = !opts.dryRun && planWrites(plan);
  if (wrote) await applyContentPlan(db, plan);
  return { plan, wrote, report: formatSyncReport(plan, { dryRun: opts.dryRun }), failed: plan.problems.length > 0 };
}
