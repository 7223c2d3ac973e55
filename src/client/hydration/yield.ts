/** Chromium's scheduler.yield(): resumes ahead of other queued tasks, unlike a timeout. */
type WithScheduler = { scheduler?: { yield?: () => Promise<void> } };

/** Ends the current task so input and paint can run before the next piece of work. */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as WithScheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
