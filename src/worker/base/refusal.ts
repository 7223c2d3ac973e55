/**
 * A domain action that refused, in words fit for a person at either door (the back office's form, the
 * command line): what was wrong and, where it helps, what to do. `kind` lets a door pick its answer
 * (400 bad input, 404 unknown, 409 the state does not allow it, 503 a provider did not answer); nothing was written.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'unknown' | 'conflict' | 'unavailable' = 'conflict',
  ) {
    super(message);
  }
}

const STATUS = { invalid: 400, unknown: 404, conflict: 409, unavailable: 503 } as const;

export const refusalStatus = (refusal: Refusal): 400 | 404 | 409 | 503 => STATUS[refusal.kind];
