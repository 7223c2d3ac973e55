/**
 * A domain action that refused, in words fit for a person at either door (the back office's form, the
 * command line): what was wrong and, where it helps, what to do. `kind` lets a door pick its answer
 * (400 bad input, 404 unknown, 409 the state does not allow it, 413 a file too large, 503 a provider did not
 * answer); nothing was written.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'unknown' | 'conflict' | 'tooLarge' | 'unavailable' = 'conflict',
  ) {
    super(message);
  }
}

const STATUS = { invalid: 400, unknown: 404, conflict: 409, tooLarge: 413, unavailable: 503 } as const;

export const refusalStatus = (refusal: Refusal): (typeof STATUS)[keyof typeof STATUS] => STATUS[refusal.kind];
