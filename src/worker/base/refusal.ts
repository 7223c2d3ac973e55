/**
 * A domain action that refused, in words fit for a person at either door (the back office's form, the
 * command line): what was wrong and, where it helps, what to do. `kind` lets a door pick its answer
 * (400 bad input, 404 unknown, 409 the state does not allow it); nothing was written.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'unknown' | 'conflict' = 'conflict',
  ) {
    super(message);
  }
}

export const refusalStatus = (refusal: Refusal): 400 | 404 | 409 =>
  refusal.kind === 'invalid' ? 400 : refusal.kind === 'unknown' ? 404 : 409;
