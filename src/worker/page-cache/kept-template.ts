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
  /** Which kept page this is (each template its own), for what is kept of it elsewhere. */
  id: number;
  /** The page, and compressed whole (what a visitor with nothing of their own gets). */
  whole: Bytes;
  wholeGzip: Bytes;
  /** The pieces between the places, raw and as deflate blocks ending on a byte (no final block). */
  pieces: Uint8Array[];
  deflated: Uint8Array[];
  /** What goes between piece i and i + 1. */
  slots: Slot[];
  /** Each piece's CRC-32, and the operator that moves a CRC past it (crc32Combine). */
  crcs: number[];
  shifts: number[];
}

/*
 * CRC-32 of pieces put together without reading them again (zlib's crc32_combine, RFC 1952's CRC): a
 * CRC is moved past n bytes by multiplying it by x^(8n) modulo the polynomial, computed once per piece
 * when the page is kept. Per request only the parts (a few dozen bytes) are read.
 */
const POLY = 0xedb88320;

/** a × b modulo the CRC polynomial (reflected bit order). */
function multiplyModP(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = [1 << 30];
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!));

/** The operator for n bytes: x^(8n) modulo the polynomial. */
function shiftFor(bytes: number): number {
  let p = (1 << 31) >>> 0;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multiplyModP(X2N[k & 31]!, p);
  return p;
}

/** The CRC of A then B, from A's CRC, B's CRC and B's operator. */
const crc32Combine = (crcA: number, crcB: number, shiftB: number) => (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;

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

let templates = 0;

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
    id: ++templates,
    whole: body,
    wholeGzip: new Uint8Array(gzipSync(body, { level: 6 })),
    pieces,
    deflated: pieces.map(deflatedPiece),
    slots: cuts.map((c) => c.slot),
    crcs: pieces.map((p) => crc32(p)),
    shifts: pieces.map((p) => shiftFor(p.length)),
  };
}

const sum = (parts: Uint8Array[]) => parts.reduce((n, p) => n + p.byteLength, 0);

/** What a template holds beside the page it was cut from (the page itself, compressed whole and in pieces). */
export function templateBytes(template: KeptTemplate): number {
  return (
    template.whole.byteLength + template.wholeGzip.byteLength + sum(template.pieces) + sum(template.deflated) + 16 * template.crcs.length
  );
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

/**
 * The page with a visitor's parts, gzipped: one member, the pieces as compressed when kept, the parts
 * as stored (uncompressed) deflate blocks, a part being a few dozen bytes; written into one buffer.
 */
export function filledPageGzip(template: KeptTemplate, fills: VisitorFills): Bytes {
  const parts = template.slots.map((slot) => encoder.encode(slot(fills)));
  let length = GZIP_HEADER.length + FINAL_BLOCK.length + 8;
  for (const piece of template.deflated) length += piece.length;
  for (const part of parts) length += part.length + 5 * Math.ceil(part.length / STORED_MAX);
  const out = Buffer.allocUnsafe(length);
  out.set(GZIP_HEADER, 0);
  let at = GZIP_HEADER.length;
  let crc = 0;
  let size = 0;
  for (let i = 0; i < template.pieces.length; i++) {
    out.set(template.deflated[i]!, at);
    at += template.deflated[i]!.length;
    crc = crc32Combine(crc, template.crcs[i]!, template.shifts[i]!);
    size += template.pieces[i]!.length;
    const part = parts[i];
    if (!part) continue;
    for (let from = 0; from < part.length; from += STORED_MAX) {
      const chunk = part.subarray(from, from + STORED_MAX);
      const n = chunk.length;
      out[at] = 0;
      out.writeUInt16LE(n, at + 1);
      out.writeUInt16LE(~n & 0xffff, at + 3);
      out.set(chunk, at + 5);
      at += 5 + n;
    }
    // Each part's own CRC, combined: never zlib's start value, which Node 20 drops for an empty part.
    if (part.length > 0) crc = crc32Combine(crc, crc32(part), shiftFor(part.length));
    size += part.length;
  }
  out.set(FINAL_BLOCK, at);
  out.writeUInt32LE(crc >>> 0, at + 2);
  out.writeUInt32LE(size >>> 0, at + 6);
  return out as Bytes;
}
