/**
 * Photos the owner uploads (products, posts): what a file's bytes say it is, the sizes made of it and
 * their addresses. One photo is kept as its original and as WebP in PHOTO_WIDTHS, padded to its place's
 * shape, under a key made of its bytes (the same file uploaded twice is one photo).
 */

/** The largest photo taken: a phone's camera photo is 2–12 MB; a larger file is refused with 413. */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/** The shortest longer side taken: a smaller photo would show blurred on a phone. */
export const PHOTO_MIN_SIDE = 400;

/** The widths made: a phone, a tablet, a desktop (and a phone at 3x). */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;

/** The width a page's `src` names (browsers without srcset, feeds, mail). */
const DEFAULT_WIDTH = 800;

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The places a photo is shown, by their shape (width by height): the pages reserve this space. */
export const PHOTO_SHAPES = {
  square: { width: 800, height: 800 },
  card: { width: 800, height: 1000 },
  wide: { width: 1200, height: 630 },
} as const;
export type PhotoShape = keyof typeof PHOTO_SHAPES;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF brands of a phone's HEIC photo (ISO/IEC 23008-12): `ftyp` at byte 4, the brand after it. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** What the file is by its first bytes (never its name or the type the browser claimed), or null for anything else. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(bytes, 8, 12))) return 'image/heic';
  return null;
}

/** The address of one size of a photo. */
export const photoPath = (key: string, width: number) => `/photos/${key}-${width}.webp`;

/** A photo's address: its key (24 hex digits of its bytes and shape's hash) and width. */
const PHOTO_PATH = /^\/photos\/([a-f0-9]{24})-(\d+)\.webp$/;

/** The stored name of a size, from an address asked for: null for any address the shop never made. */
export function photoNameOf(path: string): string | null {
  const match = PHOTO_PATH.exec(path);
  return match && (PHOTO_WIDTHS as readonly number[]).includes(Number(match[2])) ? `${match[1]}-${match[2]}.webp` : null;
}

/** The address pages name for a new photo. */
export const photoSrc = (key: string) => photoPath(key, DEFAULT_WIDTH);

/**
 * An <img>'s sources: an uploaded photo's every size (`srcset`, with `sizes`: how wide the page shows
 * it), any other image (the shop's own SVGs) as it is.
 */
export function imageSources(src: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const match = PHOTO_PATH.exec(src);
  if (!match) return { src };
  return { src, srcSet: PHOTO_WIDTHS.map((w) => `${photoPath(match[1]!, w)} ${w}w`).join(', '), sizes };
}

/** A size's height: the width scaled to the shape. */
export const heightFor = (shape: PhotoShape, width: number) => Math.round((width * PHOTO_SHAPES[shape].height) / PHOTO_SHAPES[shape].width);

/** Words for a size in bytes (`30.0 MB`). */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
