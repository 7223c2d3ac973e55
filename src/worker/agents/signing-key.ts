/** The shop's UCP signing key (UCP_SIGNING_KEY): a private EC P-256 JWK; its public half goes in the profile. */
export interface ShopSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

type Jwk = JsonWebKey & { kid?: string };

const ES256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** A new key as the JWK text UCP_SIGNING_KEY holds (Node keeps one it drew: runtimes/node-deps.ts). */
export async function newSigningJwk(): Promise<string> {
  const pair = (await crypto.subtle.generateKey(ES256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as Jwk;
  const kid = `shop-${new Date().toISOString().slice(0, 10)}-${crypto.randomUUID().slice(0, 8)}`;
  return JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d, kid });
}

function parsed(text: string): Jwk & { kid: string } {
  const jwk = JSON.parse(text) as Jwk;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y || !jwk.d)
    throw new Error('UCP_SIGNING_KEY must be a private EC P-256 JWK');
  return { ...jwk, kid: jwk.kid ?? 'shop-1' };
}

/** The public half, as the profile's signing_keys list it. */
export function publicSigningKey(text: string) {
  const { kty, crv, x, y, kid } = parsed(text);
  return { kid, kty: kty!, crv: crv!, x: x!, y: y!, use: 'sig', alg: 'ES256' };
}

const imported = new Map<string, Promise<ShopSigningKey>>();

/** The key ready to sign (imported once per isolate). */
export function shopSigningKey(text: string): Promise<ShopSigningKey> {
  let key = imported.get(text);
  if (!key) {
    const { kid, kty, crv, x, y, d } = parsed(text);
    key = crypto.subtle.importKey('jwk', { kty, crv, x, y, d }, ES256, false, ['sign']).then((privateKey) => ({ kid, privateKey }));
    imported.set(text, key);
  }
  return key;
}
