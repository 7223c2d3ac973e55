/**
 * The CSP hashes of a rendered page's inline scripts: what a page kept by a shared cache is protected
 * by (a nonce cannot be one response's on a page many visitors get). Data blocks (JSON, JSON-LD) are
 * not run and need none; scripts with a src are loaded by the page's loader (strict-dynamic).
 */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
    hashes.add(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  }
  return [...hashes];
}
