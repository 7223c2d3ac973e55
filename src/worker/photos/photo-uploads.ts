import {
  heightFor,
  megabytes,
  PHOTO_MAX_BYTES,
  PHOTO_MIN_SIDE,
  PHOTO_TYPES,
  PHOTO_WIDTHS,
  photoSrc,
  photoTypeOf,
  type PhotoShape,
  type PhotoType,
} from '#shared/photos/photo-files.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Photos } from './photo-store.ts';

/** The most pixels read of one photo (a 100-megapixel camera's): a small file that decodes to more is refused, not decoded. */
const MAX_PIXELS = 100_000_000;

const EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/heic': 'heic' };

/** A photo checked by its bytes, with the key its sizes are stored under (known before anything is stored). */
export interface CheckedPhoto {
  field: string;
  bytes: Uint8Array;
  type: PhotoType;
  shape: PhotoShape;
  key: string;
  /** The address pages will name. */
  src: string;
}

async function keyOf(bytes: Uint8Array, shape: PhotoShape) {
  const prefix = new TextEncoder().encode(`${shape}:`);
  const input = new Uint8Array(prefix.length + bytes.length);
  input.set(prefix);
  input.set(bytes, prefix.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  return [...digest.subarray(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * An uploaded file checked by its size and its first bytes (its name and claimed type count for
 * nothing): refused naming the field, 413 when too large, 400 when not a photo. Nothing is stored.
 */
export async function checkedPhoto(file: File, field: string, shape: PhotoShape): Promise<CheckedPhoto> {
  if (file.size > PHOTO_MAX_BYTES)
    throw new Refusal(
      `${field}: ${megabytes(file.size)} is larger than ${megabytes(PHOTO_MAX_BYTES)}, the most a photo may be`,
      'tooLarge',
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = photoTypeOf(bytes);
  if (!type)
    throw new Refusal(
      `${field}: ${file.name || 'the file'} is not a photo (its bytes are not ${PHOTO_TYPES.map((t) => t.slice(6).toUpperCase()).join(', ')})`,
      'invalid',
    );
  const key = await keyOf(bytes, shape);
  return { field, bytes, type, shape, key, src: photoSrc(key) };
}

/** A photo the form carried, stored after every other check passed and before what names it is written; none: nothing. */
export async function storeIfAny(photos: Photos | undefined, photo: CheckedPhoto | undefined): Promise<void> {
  if (!photo) return;
  if (!photos)
    throw new Refusal(`${photo.field}: photos are not set up on this shop (docs/deploying.md: PHOTOS and IMAGES)`, 'unavailable');
  await storePhoto(photos, photo);
}

/**
 * Stores a checked photo: read by the runtime's image service (a file it cannot decode, or too small,
 * is refused naming the field), then its original and every size, each under its key. Returns the address
 * pages name. Stored again, the same photo writes the same files.
 */
export async function storePhoto(photos: Photos, photo: CheckedPhoto): Promise<string> {
  const info = await photos.sizer.info(photo.bytes);
  if (!info)
    throw new Refusal(
      photo.type === 'image/heic'
        ? `${photo.field}: this HEIC photo cannot be read here; send it as JPEG (on an iPhone: Settings, Camera, Formats, Most Compatible)`
        : `${photo.field}: the ${EXTENSIONS[photo.type].toUpperCase()} file is damaged and cannot be read`,
      'invalid',
    );
  if (info.width * info.height > MAX_PIXELS)
    throw new Refusal(`${photo.field}: ${info.width} × ${info.height} pixels is more than a photo needs; send a smaller one`, 'invalid');
  if (Math.max(info.width, info.height) < PHOTO_MIN_SIDE)
    throw new Refusal(
      `${photo.field}: ${info.width} × ${info.height} pixels is too small; send one at least ${PHOTO_MIN_SIDE} pixels on its longer side`,
      'invalid',
    );
  const sizes = await Promise.all(
    PHOTO_WIDTHS.map(async (width) => ({ width, bytes: await photos.sizer.sized(photo.bytes, width, heightFor(photo.shape, width)) })),
  );
  // The sizes last: a size is named on a page only once all are stored (the original is kept to make sizes again).
  await photos.store.put(`${photo.key}-original.${EXTENSIONS[photo.type]}`, photo.bytes, photo.type);
  await Promise.all(sizes.map((s) => photos.store.put(`${photo.key}-${s.width}.webp`, s.bytes, 'image/webp')));
  return photo.src;
}
