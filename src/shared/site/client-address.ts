/**
 * Who a request comes from, for rate limits. Behind proxies the visitor's address is in a header
 * such as X-Forwarded-For, which the visitor can also write: every proxy appends the address it
 * received the request from, so only the entries the operator's own proxies added can be trusted,
 * counted from the right.
 */

/**
 * The address `trustedHops` entries from the right of a forwarding header ("spoofed, client, cdn"
 * with 2 hops gives "client"); undefined when the header is missing or has fewer entries than
 * hops (the request did not come through the operator's proxies).
 */
export function forwardedClientAddress(header: string | null | undefined, trustedHops: number): string | undefined {
  if (!header || trustedHops < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[entries.length - trustedHops];
  return entry ? stripPort(entry) : undefined;
}

/** "[2001:db8::1]:443" → "2001:db8::1", "198.51.100.7:8080" → "198.51.100.7"; bare addresses unchanged. */
function stripPort(entry: string): string {
  const bracketed = entry.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) return bracketed[1]!;
  const v4 = entry.match(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/);
  return v4 ? v4[1]! : entry;
}

const groupsOf = (s: string | undefined) => (s ? s.split(':') : []);

/** The eight 16-bit groups of an IPv6 address, or null if it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  // An embedded IPv4 tail (::ffff:198.51.100.7) becomes two groups.
  const v4 = text.match(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * What one visitor is counted as: an IPv4 address as it is, an IPv6 address by its /64 (one
 * household or server gets a whole /64 and can pick any address in it), an IPv4-mapped IPv6
 * address as its IPv4. Anything else (a proxy's name, garbage) as it was given, lower-cased.
 */
export function rateLimitSubject(address: string): string {
  const trimmed = address.trim();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed.toLowerCase();
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
