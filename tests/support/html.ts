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
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
