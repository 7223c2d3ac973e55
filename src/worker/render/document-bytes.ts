/**
 * The document's two parts put together as bytes: DocumentStart's, then DocumentRest's as React
 * streams it, whose own opening is dropped (frame/document.tsx, frame/renderer.tsx).
 */

/** What React writes first for DocumentRest, up to and with its <head>: DocumentStart stands there. */
const OPENING = /^<!DOCTYPE html><html[^>]*><head>/;
/** Where the opening must have ended. */
const OPENING_MAX = 200;

const encoder = new TextEncoder();

/** The stream without its opening (else it fails: the two parts would not fit). */
export function afterOpening(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let seen = '';
  let past = false;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (past) return controller.enqueue(chunk);
        seen += decoder.decode(chunk, { stream: true });
        const opening = OPENING.exec(seen);
        if (!opening) {
          if (seen.length >= OPENING_MAX) throw new Error('the document rest does not begin as expected');
          return;
        }
        past = true;
        const after = seen.slice(opening[0].length) + decoder.decode();
        if (after) controller.enqueue(encoder.encode(after));
      },
    }),
  );
}

/** The start, then the rest as it comes. */
export function streamOf(start: string, rest: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = rest.getReader();
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        return controller.enqueue(encoder.encode(start));
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The whole stream as text. */
export const textOf = (stream: ReadableStream<Uint8Array>): Promise<string> => new Response(stream).text();
