/**
 * The document's two parts put together as bytes: DocumentStart's, then DocumentRest's as React
 * streams it, whose own opening is dropped (frame/document.tsx, frame/renderer.tsx).
 */

/** What React writes first for DocumentRest, up to and with its <head>: DocumentStart stands there. */
const OPENING = /^<!DOCTYPE html><html[^>]*><head>/;
/** Where the opening must have ended. */
const OPENING_MAX = 200;

const encoder = new TextEncoder();

/**
 * The stream without its opening (else it fails: the two parts would not fit). Cut as bytes, so a
 * character split between two chunks stays whole; the opening is ASCII, read one byte a character.
 */
export function afterOpening(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let seen = new Uint8Array(0);
  let past = false;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (past) return controller.enqueue(chunk);
        const joined = new Uint8Array(seen.length + chunk.length);
        joined.set(seen);
        joined.set(chunk, seen.length);
        seen = joined;
        const opening = OPENING.exec(String.fromCharCode(...seen.subarray(0, OPENING_MAX)));
        if (!opening) {
          if (seen.length >= OPENING_MAX) throw new Error('the document rest does not begin as expected');
          return;
        }
        past = true;
        if (seen.length > opening[0].length) controller.enqueue(seen.subarray(opening[0].length));
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

/** How long after its last byte was taken an answer that must not be kept fails: every step between it and the visitor (a cache's copy, the visitor's parts filled in) has passed that byte on by then. */
export const FAIL_AFTER_MS = 100;

/**
 * A stream of the parts, each made when the reader asks for it (nothing queued ahead of the reader).
 * When the parts throw (a page that must not be kept: the one way to tell a cache), the stream fails
 * FAIL_AFTER_MS after the last part was taken, so the visitor still gets every byte.
 */
export function failingLate(parts: AsyncGenerator<Uint8Array>, onFailure: (err: unknown) => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await parts.next();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (err) {
          onFailure(err);
          await new Promise((resolve) => setTimeout(resolve, FAIL_AFTER_MS));
          controller.error(err);
        }
      },
      cancel: async () => void (await parts.return(undefined)),
    },
    { highWaterMark: 0 },
  );
}
