import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** When a periodic part of the scheduled job last ran (milliseconds since the epoch): the hourly tidy-ups run once an hour however often the trigger fires. */
export const jobRuns = sqliteTable('job_runs', {
  name: text('name').primaryKey(),
  lastAt: integer('last_at').notNull(),
});
