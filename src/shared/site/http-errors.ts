/**
 * What a visitor (page) or a script (JSON) is told when a request is refused before any route
 * handles it: unreadable body, cross-site form post, body too large, method not offered, body of a type
 * the route does not read.
 */
export const httpRefusals = {
  400: { error: 'bad_request', title: 'Error', description: 'The form could not be read. Please reload the page and try again.' },
  403: {
    error: 'forbidden',
    title: 'Form sent from another site',
    description:
      'For your safety this shop only accepts forms sent from its own pages. Please open the page on our site, fill the form in again and send it from there.',
  },
  405: { error: 'method_not_allowed', title: 'Not allowed', description: 'This address does not accept that kind of request.' },
  413: { error: 'too_large', title: 'Request too large', description: 'What was sent is too large. Please shorten it and try again.' },
  // Same words as 400: to the visitor both mean the form could not be read.
  415: { error: 'bad_request', title: 'Error', description: 'The form could not be read. Please reload the page and try again.' },
  429: {
    error: 'too_many_requests',
    title: 'Too many requests',
    description: 'Too many requests came from your network just now. Please wait a few minutes and try again.',
  },
} as const;

export type RefusalStatus = keyof typeof httpRefusals;

/** Any 4xx the app raises maps to one of the refusals above; anything else reads as a bad request. */
export function refusalFor(status: number): { status: RefusalStatus } & (typeof httpRefusals)[RefusalStatus] {
  const known = (Object.keys(httpRefusals) as unknown as string[]).includes(String(status)) ? (status as RefusalStatus) : 400;
  return { status: known, ...httpRefusals[known] };
}
