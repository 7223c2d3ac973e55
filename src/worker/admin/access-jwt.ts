import { normaliseAddress } from '#shared/admin/admin-rules.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import type { Settings } from '#worker/base/settings.ts';

/**
 * Cloudflare Access in front of /admin (optional, a second way in): Access signs each request it lets
 * through with a JWT in `Cf-Access-Jwt-Assertion` (RS256, the team's keys at /cdn-cgi/access/certs).
 * Verified here with WebCrypto: signature, audience (the application's AUD tag), issuer, expiry.
 */
interface AccessJwk extends JsonWebKey {
  kid: string;
}

/** The team's keys by id, read once per isolate and again when a token names a key not yet seen (rotation). Kept as values, never as a pending promise. */
let known: { team: string; keys: Map<string, CryptoKey>; readAt: number } | null = null;
/** An unknown key id reads the keys again at most this often (a forged kid cannot make every request fetch them). */
const REREAD_MS = 60_000;

async function readKeys(team: string): Promise<Map<string, CryptoKey>> {
  const res = await fetch(`${team}/cdn-cgi/access/certs`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`Access certs answered ${res.status}`);
  const body = (await res.json()) as { keys?: AccessJwk[] };
  const keys = new Map<string, CryptoKey>();
  for (const jwk of body.keys ?? []) {
    if (jwk.kty !== 'RSA' || !jwk.kid) continue;
    const { kid, ...key } = jwk;
    keys.set(kid, await crypto.subtle.importKey('jwk', key, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']));
  }
  known = { team, keys, readAt: Date.now() };
  return keys;
}

async function keyFor(team: string, kid: string): Promise<CryptoKey | undefined> {
  const kept = known?.team === team ? known : null;
  if (kept && (kept.keys.has(kid) || Date.now() - kept.readAt < REREAD_MS)) return kept.keys.get(kid);
  return (await readKeys(team)).get(kid);
}

const decoder = new TextDecoder();
function base64url(part: string): Uint8Array<ArrayBuffer> {
  const text = atob(part.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}
const json = (part: string) => JSON.parse(decoder.decode(base64url(part))) as Record<string, unknown>;

/**
 * The address Access vouches for, lower-cased, or null: no Access settings, no token, or a token that
 * is malformed, signed by another key, for another application, from another team or expired.
 */
export async function cloudflareAccessEmail(
  settings: Pick<Settings, 'CF_ACCESS_TEAM_URL' | 'CF_ACCESS_AUD'>,
  token: string | undefined,
  nowS = nowSeconds(),
): Promise<string | null> {
  const team = settings.CF_ACCESS_TEAM_URL?.replace(/\/+$/, '');
  if (!team || !settings.CF_ACCESS_AUD || !token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = json(head);
    const claims = json(body);
    if (header.alg !== 'RS256' || typeof header.kid !== 'string') return null;
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(settings.CF_ACCESS_AUD)) return null;
    if (claims.iss !== team) return null;
    if (typeof claims.exp !== 'number' || claims.exp <= nowS) return null;
    if (typeof claims.nbf === 'number' && claims.nbf > nowS + 60) return null;
    const key = await keyFor(team, header.kid);
    if (!key) return null;
    const signed = new TextEncoder().encode(`${head}.${body}`);
    if (!(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, base64url(signature), signed))) return null;
    return typeof claims.email === 'string' ? normaliseAddress(claims.email) : null;
  } catch {
    return null;
  }
}
