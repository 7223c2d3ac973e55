import type { Photos } from './photo-store.ts';

/** The parts of an R2 bucket binding the photos use (wrangler.toml: r2_buckets, PHOTOS). */
export interface PhotoBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; httpMetadata?: { contentType?: string } } | null>;
}

/** The parts of the Cloudflare Images binding the photos use (wrangler.toml: images, IMAGES). */
export interface ImagesService {
  info(stream: ReadableStream<Uint8Array>): Promise<{ format: string; width?: number; height?: number }>;
  input(stream: ReadableStream<Uint8Array>): {
    transform(t: { width: number; height: number; fit: 'pad'; background: string }): {
      output(o: { format: 'image/webp'; quality: number }): Promise<{ response(): Response }>;
    };
  };
}

const streamOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

/** The photos on the Worker: originals and sizes in R2, the sizes made by Cloudflare Images (Miniflare's in the tests). */
export function cloudflarePhotos(bucket: PhotoBucket, images: ImagesService): Photos {
  return {
    store: {
      async put(name, bytes, type) {
        await bucket.put(name, bytes, { httpMetadata: { contentType: type } });
      },
      async get(name) {
        const object = await bucket.get(name);
        return object && { body: object.body, type: object.httpMetadata?.contentType ?? 'application/octet-stream', size: object.size };
      },
    },
    sizer: {
      async info(bytes) {
        try {
          const info = await images.info(streamOf(bytes));
          return info.width && info.height ? { width: info.width, height: info.height } : null;
        } catch {
          // An ImagesError: not an image Cloudflare Images can read.
          return null;
        }
      },
      async sized(bytes, width, height) {
        const result = await images
          .input(streamOf(bytes))
          .transform({ width, height, fit: 'pad', background: '#FFFFFF' })
          .output({ format: 'image/webp', quality: 80 });
        return new Uint8Array(await result.response().arrayBuffer());
      },
    },
  };
}
