/**
 * An agent's check of a signed order event, written from RFC 9421, RFC 9530 and UCP's signatures page
 * (not from the shop's code): the Content-Digest of the raw body, the signature base rebuilt from the
 * request as received, the key named by keyid from the shop's profile, ES256 over r||s.
 */
export interface ReceivedEvent {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function verifyOrderEvent(
  event: ReceivedEvent,
  signingKeys: ReadonlyArray<JsonWebKey & { kid: string }>,
): Promise<string | null> {
  const h = event.headers;
  const digest = /^sha-256=:([A-Za-z0-9+/=]+):$/.exec(h['content-digest'] ?? '');
  if (!digest) return 'no Content-Digest';
  const body = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(event.body));
  if (btoa(String.fromCharCode(...new Uint8Array(body))) !== digest[1]) return 'Content-Digest does not match the body';
  const input = /^sig1=\(([^)]*)\);(.*)$/.exec(h['signature-input'] ?? '');
  const signature = /^sig1=:([A-Za-z0-9+/=]+):$/.exec(h.signature ?? '');
  if (!input || !signature) return 'no sig1 signature';
  const components = [...input[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  for (const needed of ['@method', '@authority', '@path', 'content-digest', 'content-type', 'ucp-agent'])
    if (!components.includes(needed)) return `${needed} is not signed`;
  const keyid = /keyid="([^"]+)"/.exec(input[2]!)?.[1];
  const jwk = signingKeys.find((k) => k.kid === keyid);
  if (!jwk) return `no key ${keyid} in the profile`;
  const value = (c: string) => (c === '@method' ? 'POST' : c === '@authority' ? h.host! : c === '@path' ? event.path : (h[c] ?? '').trim());
  const base = [...components.map((c) => `"${c}": ${value(c)}`), `"@signature-params": (${input[1]});${input[2]}`].join('\n');
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  const raw = fromBase64(signature[1]!);
  if (raw.length !== 64) return `signature is ${raw.length} bytes, not r||s (64)`;
  const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, new TextEncoder().encode(base));
  return ok ? null : 'signature does not verify';
}
