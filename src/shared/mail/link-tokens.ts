/**
 * The addresses whose path carries a secret (a mailed link's token, a discount code: whoever holds it
 * may confirm, leave, restore a cart or spend the code), with or without a market's prefix. A path is
 * logged with that part replaced (issue 81): request logs are kept 30 days and read by whoever runs the
 * shop, and a Digest's confirmation token is also its leave link.
 */
const TOKEN_IN_PATH =
  /^((?:\/[a-z]{2})?\/(?:newsletter\/(?:confirm|leave)|stock-alerts\/(?:confirm|unsubscribe)|cart\/restore|mail\/unsubscribe|discount)\/)[^/?#]+/;

/** A request's path as it may be logged: every secret segment replaced by `:token`. */
export const loggedPath = (path: string): string => path.replace(TOKEN_IN_PATH, '$1:token');
