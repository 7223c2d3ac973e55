import { quoted } from './quoted-text.ts';

/**
 * Text that could make a link in a mail client: a scheme, "www.", "//", an e-mail address or
 * anything shaped like a domain ("bit.ly", "evil.example"), also with look-alike dots.
 */
const URL_LIKE = /[a-z][a-z0-9+.-]*:|www\.|\/\/|@|[\p{L}\p{N}-][.\u2024\uFE52\uFF0E\u3002][\p{L}]{2,}/iu;

/**
 * The greeting of the visitor's confirmation. The confirmation goes to whatever address was posted,
 * so it must carry no text an attacker could use as an advert or phishing link: the name only
 * when nothing in it looks like a link, otherwise a plain "Hello".
 */
export function confirmationGreeting(name: string): string {
  const clean = name.trim();
  return clean && !URL_LIKE.test(clean) ? `Hello ${quoted(clean)},` : 'Hello,';
}
