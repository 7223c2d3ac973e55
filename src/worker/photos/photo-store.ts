/**
 * Where uploaded photos live and what makes their sizes, one interface whatever the runtime (as the
 * database has): an R2 bucket and Cloudflare Images on the Worker, a folder under .data/ and sharp on Node.
 */

/** A stored file: its bytes (streamed where the store can) and the type it was stored with. */
export interface StoredPhoto {
  body: ReadableStream<Uint8Array> | Uint8Array;
  type: string;
  size: number;
}

export interface PhotoStore {
  /** Keeps the bytes under the name (a second put of one name writes the same bytes: names are made of them). */
  put(name: string, bytes: Uint8Array, type: string): Promise<void>;
  get(name: string): Promise<StoredPhoto | null>;
}

/** What the runtime's image service reads of a file: null when it cannot decode it. */
export interface PhotoInfo {
  width: number;
  height: number;
}

export interface PhotoSizer {
  info(bytes: Uint8Array): Promise<PhotoInfo | null>;
  /** The photo turned upright by its EXIF orientation, fitted into width × height on white, as WebP (no metadata kept). */
  sized(bytes: Uint8Array, width: number, height: number): Promise<Uint8Array>;
}

export interface Photos {
  store: PhotoStore;
  sizer: PhotoSizer;
}
