/**
 * One mailbox written many ways still counts once for the per-recipient limit: case, and the
 * aliases the common providers deliver to the same inbox (dots in Gmail addresses, "+tags").
 * Folding too much only makes the limit stricter, so plus-tags are removed for every domain.
 * The database folds alike (worker/db/address-fold.ts): a test holds the two together.
 */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

export function normaliseRecipient(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  // No inner "@", or more than one (a quoted local part): nothing to fold with confidence.
  if (at < 1 || address.indexOf('@') !== at) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  local = local.split('+')[0] || local;
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
