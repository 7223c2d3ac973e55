import { describe, expect, it } from 'vitest';
import { afterOpening, failingLate, FAIL_AFTER_MS, streamOf, textOf } from '#worker/render/document-bytes.ts';

const encoder = new TextEncoder();
/** A stream of these pieces, as React might cut them. */
const chunks = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });

/** A page's parts, then the reason it may not be kept. */
async function* partsThenFailure() {
  yield encoder.encode('<p>opening</p>');
  yield encoder.encode('<p>the rest</p>');
  throw new Error('not kept: a read failed');
}

describe("the document's two parts as bytes", () => {
  it("drops the rest's own opening however it is cut, and puts the start in its place", async () => {
    const rest = chunks('<!DOCTYPE ht', 'ml><html lang="en-GB"><he', 'ad><title>T</title></head><body>é', '</body></html>');
    expect(await textOf(streamOf('<!DOCTYPE html><html data-x="1"><head><meta charSet="utf-8"/>', afterOpening(rest)))).toBe(
      '<!DOCTYPE html><html data-x="1"><head><meta charSet="utf-8"/><title>T</title></head><body>é</body></html>',
    );
  });

  it('keeps a character whole when a chunk ends inside it, right after the opening', async () => {
    const bytes = encoder.encode('<!DOCTYPE html><html><head><title>€</title>');
    const cut = '<!DOCTYPE html><html><head><title>'.length + 1;
    const rest = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    expect(await textOf(afterOpening(rest))).toBe('<title>€</title>');
  });

  it('fails a rest that does not open as a document (the parts would not fit)', async () => {
    await expect(textOf(afterOpening(chunks('<div>'.repeat(60))))).rejects.toThrow('does not begin as expected');
  });

  it('hands the reader every part of a page that must not be kept, then fails a moment after the last was taken', async () => {
    const failures: unknown[] = [];
    const reader = failingLate(partsThenFailure(), (err) => failures.push(err)).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('<p>opening</p>');
    expect(decoder.decode((await reader.read()).value)).toBe('<p>the rest</p>');
    const taken = performance.now();
    await expect(reader.read()).rejects.toThrow('not kept: a read failed');
    expect(performance.now() - taken).toBeGreaterThanOrEqual(FAIL_AFTER_MS - 5);
    expect(failures).toHaveLength(1);
  });
});
