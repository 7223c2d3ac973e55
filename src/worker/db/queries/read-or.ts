import { type Logger, errorFields } from '#worker/log.ts';

/** Spec error catalogue: failed blog reads are logged only and the caller gets the fallback. */
export async function readOr<T>(log: Logger, what: string, fallback: T, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    log('error', `database read failed: ${what}`, errorFields(err));
    return fallback;
  }
}
