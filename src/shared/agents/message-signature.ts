/**
 * RFC 9421 HTTP Message Signatures as UCP profiles them (ES256 over the components below, `created`
 * and `keyid` as parameters, no `alg`): the signature base a signer signs and a verifier rebuilds.
 */
export interface SignedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** The components an order event's signature covers (UCP order: method, authority, path, the signer, the body). */
export const WEBHOOK_COMPONENTS = ['@method', '@authority', '@path', 'ucp-agent', 'content-digest', 'content-type'] as const;

/** Structured Fields' inner list of the components with their parameters. */
export function signatureParams(components: readonly string[], params: { created: number; keyid: string }): string {
  return `(${components.map((c) => `"${c}"`).join(' ')});created=${params.created};keyid="${params.keyid}"`;
}

/** A component's value in the request: derived ones from the URL, the rest from the headers (names lower-case). */
function componentValue(request: SignedRequest, component: string): string {
  const url = new URL(request.url);
  if (component === '@method') return request.method.toUpperCase();
  if (component === '@authority') return url.host.toLowerCase();
  if (component === '@path') return url.pathname;
  if (component === '@query') return url.search || '?';
  const value = Object.entries(request.headers).find(([name]) => name.toLowerCase() === component)?.[1];
  if (value === undefined) throw new Error(`the request has no ${component} to sign`);
  return value.trim();
}

/** The signature base (RFC 9421 §2.5): one line per component, then the signature's own parameters. */
export function signatureBase(request: SignedRequest, components: readonly string[], params: { created: number; keyid: string }): string {
  const lines = components.map((c) => `"${c}": ${componentValue(request, c)}`);
  return [...lines, `"@signature-params": ${signatureParams(components, params)}`].join('\n');
}

/** RFC 9530's Content-Digest for a body's SHA-256 (base64). */
export const contentDigest = (sha256Base64: string) => `sha-256=:${sha256Base64}:`;
