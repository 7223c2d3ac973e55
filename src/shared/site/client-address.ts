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

/** An IPv4 address's four numbers, or null if it is not one. */
function ipv4Parts(address: string): number[] | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return null;
  const parts = address.split('.').map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/** The address as IPv4 numbers, when it is one (an IPv4-mapped IPv6 address too), or its IPv6 groups. */
function parsed(address: string): { v4: number[] } | { v6: number[] } | null {
  const trimmed = address.trim();
  const v4 = ipv4Parts(trimmed);
  if (v4) return { v4 };
  const groups = ipv6Groups(trimmed);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return { v4: [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255] };
  }
  return { v6: groups };
}

const v6Prefix = (groups: number[], count: number) =>
  `${groups
    .slice(0, count)
    .map((g) => g.toString(16))
    .join(':')}::/${count * 16}`;

/**
 * What one visitor is counted as, wherever an address is counted (rate limits, holds): an IPv4 address
 * as it is, an IPv6 address by its /48 (a site is given a /48 and can pick any of its 2^80 addresses:
 * counting by /64 let one /56 count as 256 visitors), an IPv4-mapped IPv6 address as its IPv4. Anything
 * else (a proxy's name, garbage) as it was given, lower-cased.
 */
export function rateLimitSubject(address: string): string {
  const p = parsed(address);
  if (!p) return address.trim().toLowerCase();
  return 'v4' in p ? p.v4.join('.') : v6Prefix(p.v6, 3);
}

/**
 * The network a visitor is in, for what one network may hold at once: an IPv4 /24 (addresses next to
 * each other are one operator's), an IPv6 /48. Anything else as rateLimitSubject gives it.
 */
export function networkSubject(address: string): string {
  const p = parsed(address);
  if (!p) return address.trim().toLowerCase();
  return 'v4' in p ? `${p.v4.slice(0, 3).join('.')}.0/24` : v6Prefix(p.v6, 3);
}
