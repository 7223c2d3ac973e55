import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Photos, PhotoStore } from './photo-store.ts';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', heic: 'image/heic' };

/** Node's photos: files in a folder (PHOTOS_DIR, default .data/photos), each written whole (a temporary name, then renamed). */
function folderStore(dir: string): PhotoStore {
  let made: Promise<unknown> | undefined;
  return {
    async put(name, bytes) {
      await (made ??= mkdir(dir, { recursive: true }));
      const temporary = join(dir, `.${name}.${process.pid}.${Date.now()}`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(dir, name));
    },
    async get(name) {
      try {
        const bytes = new Uint8Array(await readFile(join(dir, name)));
        return { body: bytes, type: TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream', size: bytes.length };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}

/** sharp, loaded on the first upload (a shop that never uploads never loads it). */
const loadSharp = async () => (await import('sharp')).default;

/** The photos on Node: a folder, and sharp (libvips) making the sizes. */
export function folderPhotos(dir: string): Photos {
  return {
    store: folderStore(dir),
    sizer: {
      async info(bytes) {
        const sharp = await loadSharp();
        try {
          const meta = await sharp(bytes).metadata();
          // Sideways by EXIF: the upright photo's sides.
          const turned = (meta.orientation ?? 1) >= 5;
          return meta.width && meta.height ? { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height } : null;
        } catch {
          return null;
        }
      },
      async sized(bytes, width, height) {
        const sharp = await loadSharp();
        const out = await sharp(bytes)
          .rotate()
          .resize(width, height, { fit: 'contain', background: '#ffffff' })
          .flatten({ background: '#ffffff' })
          .webp({ quality: 80 })
          .toBuffer();
        return new Uint8Array(out);
      },
    },
  };
}
