import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import type { VisitorFills } from '#shared/visitor/visitor-parts.ts';

/**
 * Node's fast way to fill in a kept page for a visitor (measured: html-rewriter-wasm takes about
 * 590 µs a page and gzip level 1 another 280 µs, where the whole hit budget is about 100 µs): the
 * page is cut once, when kept, at the places visitor-stitch.ts fills, and each piece between them is
 * compressed then. A visitor's answer is the pieces with their parts between, the parts as stored
 * deflate blocks, inside one gzip member (RFC 1951/1952): no parsing and no compressing per request.
 * A page without a cookie's parts is the kept page itself, compressed whole. Tested to give the
 * same bytes as the rewriter for any parts (tests/unit/worker/page-cache/kept-template.test.ts).
 */
type Slot = (fills: VisitorFills) => string;
type Bytes = Uint8Array<ArrayBuffer>;

export interface KeptTemplate {
  /** The page, and compressed whole (what a visitor with nothing of their own gets). */
  whole: Bytes;
  wholeGzip: Bytes;
  /** The pieces between the places, raw and as deflate blocks ending on a byte (no final block). */
  pieces: Uint8Array[];
  deflated: Uint8Array[];
  /** What goes between piece i and i + 1. */
  slots: Slot[];
}

/** As lol-html writes an attribute's value (HTMLRewriter's setAttribute): only the quote is escaped. */
const attributeValue = (value: string) => value.replaceAll('"', '&quot;');

interface Cut {
  at: number;
  /** Characters of the page the slot stands for (left out of the pieces). */
  length: number;
  slot: Slot;
}

/** The places in a page as the server renders them (frame/cart-badge.tsx, consent-banner.tsx, document.tsx). */
function cutsOf(html: string): Cut[] {
  const cuts: Cut[] = [];
  const tag = (pattern: RegExp) => {
    const match = pattern.exec(html);
    return match ? { start: match.index, end: match.index + match[0].length, text: match[0] } : null;
  };
  const cart = tag(/<a\b[^>]*\bdata-cart-badge="[^"]*"[^>]*>/);
  if (cart) {
    const label = /\baria-label="([^"]*)"/.exec(cart.text);
    if (label)
      cuts.push({
        at: cart.start + label.index + 'aria-label="'.length,
        length: label[1]!.length,
        slot: (f) => attributeValue(f.cartLabel),
      });
    const close = html.indexOf('</a>', cart.end);
    if (close >= 0) cuts.push({ at: close, length: 0, slot: (f) => f.cartCountHtml });
  }
  const main = tag(/<main\b[^>]*\bid="main"[^>]*>/);
  if (main) cuts.push({ at: main.end, length: 0, slot: (f) => f.flashHtml });
  const banner = tag(/<section\b[^>]*\bdata-consent-banner="[^"]*"[^>]*>/);
  if (banner) {
    // React writes `hidden` last; HTMLRewriter sets a missing attribute at the end and removes one with its space.
    const hidden = / hidden=""(?=>$)/.exec(banner.text);
    const at = banner.end - 1 - (hidden ? hidden[0].length : 0);
    cuts.push({ at, length: hidden ? hidden[0].length : 0, slot: (f) => (f.consentHidden ? ' hidden=""' : '') });
  }
  const current = tag(/<span\b[^>]*\bdata-consent-current="[^"]*"[^>]*>/);
  if (current) {
    const close = html.indexOf('</span>', current.end);
    if (close >= 0) cuts.push({ at: current.end, length: close - current.end, slot: (f) => f.consentCurrentHtml });
  }
  return cuts.toSorted((a, b) => a.at - b.at);
}

const encoder = new TextEncoder();

const deflatedPiece = (piece: Uint8Array) => new Uint8Array(deflateRawSync(piece, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }));

/** Cuts a kept page (its UTF-8 body) into a template. */
export function keptTemplate(body: Bytes): KeptTemplate {
  const html = new TextDecoder().decode(body);
  const pieces: Uint8Array[] = [];
  let from = 0;
  const cuts = cutsOf(html);
  for (const cut of cuts) {
    pieces.push(encoder.encode(html.slice(from, cut.at)));
    from = cut.at + cut.length;
  }
  pieces.push(encoder.encode(html.slice(from)));
  return {
    whole: body,
    wholeGzip: new Uint8Array(gzipSync(body, { level: 6 })),
    pieces,
    deflated: pieces.map(deflatedPiece),
    slots: cuts.map((c) => c.slot),
  };
}

/** The page with a visitor's parts, uncompressed. */
export function filledPage(template: KeptTemplate, fills: VisitorFills): Bytes {
  const out: Uint8Array[] = [];
  template.pieces.forEach((piece, i) => {
    out.push(piece);
    if (i < template.slots.length) out.push(encoder.encode(template.slots[i]!(fills)));
  });
  return Buffer.concat(out);
}

const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
/** A final, empty block with fixed codes: the end of the deflate stream. */
const FINAL_BLOCK = Uint8Array.of(3, 0);
const STORED_MAX = 0xffff;

/** Bytes as uncompressed (stored) deflate blocks: a part is a few dozen bytes, not worth compressing. */
function stored(bytes: Uint8Array, out: Uint8Array[]): void {
  for (let i = 0; i < bytes.length; i += STORED_MAX) {
    const chunk = bytes.subarray(i, i + STORED_MAX);
    const n = chunk.length;
    out.push(Uint8Array.of(0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff), chunk);
  }
}

/** The page with a visitor's parts, gzipped: one member, the pieces compressed when kept, the parts stored. */
export function filledPageGzip(template: KeptTemplate, fills: VisitorFills): Bytes {
  const out: Uint8Array[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.pieces.forEach((piece, i) => {
    out.push(template.deflated[i]!);
    crc = crc32(piece, crc);
    size += piece.length;
    if (i < template.slots.length) {
      const part = encoder.encode(template.slots[i]!(fills));
      stored(part, out);
      crc = crc32(part, crc);
      size += part.length;
    }
  });
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc >>> 0, true);
  view.setUint32(4, size >>> 0, true);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}
