/** Small readers for asserting on server-rendered HTML. */
export function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/g) ?? [];
}

export function attr(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

export function pageEvents(html: string): unknown[] {
  const json = html.match(/<script id="page-events" type="application\/json">([\s\S]*?)<\/script>/)?.[1];
  return json ? (JSON.parse(json) as unknown[]) : [];
}

/** Reads a response body chunk by chunk, noting when each arrived (ms since `start`). */
export async function readChunks(res: Response, start: number): Promise<Array<{ at: number; text: string }>> {
  const chunks: Array<{ at: number; text: string }> = [];
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push({ at: performance.now() - start, text: decoder.decode(value, { stream: true }) });
  }
  return chunks;
}

/** Node's fetch says 'node', which isbot rightly calls a bot; tests of what people get send this. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** A search crawler: it gets each page complete in one piece, with no streamed fallbacks. */
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The <main> element's inner HTML (the page without the frame). */
export function mainOf(html: string): string {
  const main = html.match(/<main\b[^>]*>([\s\S]*)<\/main>/)?.[1];
  if (main === undefined) throw new Error('no <main> in the page');
  return main;
}

/** The <section> that `heading` (text or a regular expression's source) opens, up to the section's end. */
export function sectionOf(html: string, heading: string): string {
  const section = html.match(new RegExp(`<section[^>]*>(?:(?!</section>)[\\s\\S])*?${heading}[\\s\\S]*?</section>`))?.[0];
  if (section === undefined) throw new Error(`no section headed ${heading}`);
  return section;
}

/** The region the page was rendered for and what decided it, from the <html> element's data attributes. */
export function regionOf(html: string): { region: string | undefined; source: string | undefined } {
  const root = html.match(/<html[^>]*data-region="([^"]+)" data-region-source="([^"]+)"/);
  return { region: root?.[1], source: root?.[2] };
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references React writes (&amp;, &#x27;, …). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return entities[ref.toLowerCase()] ?? whole;
  });
}

/** Readable text of some HTML: React's text separators removed, tags as spaces, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every <script type="application/ld+json"> block, parsed. */
export function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/**
 * A returning visitor's cookie: the app itself (no page cache in front) renders their pages for them,
 * streamed with Suspense's skeletons; a request the page cache may keep is rendered whole.
 */
export const RETURNING_VISITOR = { Cookie: 'consent=denied' } as const;

/**
 * The address with a campaign's parameter: a query the page does not read, so the page cache does not
 * keep it and the app streams it with its skeletons (a kept page is rendered whole, for everyone).
 */
export const streamedAddress = (url: string) => `${url}${url.includes('?') ? '&' : '?'}utm_source=newsletter`;

/** The client entry the page's loader script inserts (frame/document.tsx): its address. */
export function entryScriptOf(html: string): string {
  const found = /\.apply\(null,\["([^"]+)"/.exec(html)?.[1];
  if (!found) throw new Error('the page has no entry loader');
  return found;
}

/** A back-office form's one-time token, as a freshly rendered form carries it (admin/form-once.ts). */
export function formToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
}
