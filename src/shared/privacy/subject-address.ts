/** An address as the shop keeps them: one "@" with something either side, no spaces, at most 254 characters. */
const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** The address a privacy request is about (the command line's and the back office's), trimmed; null when it is not one. */
export function readSubjectAddress(value: string | undefined): string | null {
  const address = value?.trim() ?? '';
  return address.length <= 254 && ADDRESS.test(address) ? address : null;
}

/**
 * Mail services that deliver `name+tag@` to `name@` (plus addressing: Gmail, Microsoft's, Apple's,
 * Fastmail, Proton): there a +tag is the same mailbox. Elsewhere `vera+mallory@` may be another
 * person's, so it is only the person's when the owner says so (issue 81).
 */
const PLUS_FOLDING = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
]);
/** Gmail also reads the local part without its dots, and googlemail.com as gmail.com. */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** An address as its mail service reads it: lower case, its +tag off and Gmail's dots gone only where the service does so. */
export function mailboxOf(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  if (at < 1 || a.indexOf('@') !== at) return a;
  const domain = a.slice(at + 1).replace(/\.+$/, '');
  let local = a.slice(0, at);
  if (PLUS_FOLDING.has(domain)) local = local.split('+')[0] || local;
  if (GMAIL.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}

/** Whether two spellings reach the same mailbox (the shop folds more widely to find records; this says whose they are). */
export const sameMailbox = (a: string, b: string): boolean => mailboxOf(a) === mailboxOf(b);
