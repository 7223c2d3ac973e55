import { Hono } from 'hono';
import { photoNameOf } from '#shared/photos/photo-files.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';

/** A size's bytes never change (its name is made of them): a year, never asked again. */
const KEPT_A_YEAR = 'public, max-age=31536000, immutable';

/**
 * The owner's photos (`/photos/<key>-<width>.webp`): only the sizes the shop made, as WebP, from the
 * runtime's store. Never a document: its type is fixed, never sniffed, and a browser opening one runs nothing
 * (a sandbox with no sources); the original upload is never served.
 */
export const photoRoutes = new Hono<AppEnv>().get('/photos/:file', async (c) => {
  const name = photoNameOf(c.req.path);
  const { photos } = c.get('deps');
  const stored = name && photos ? await photos.store.get(name) : null;
  if (!stored) {
    c.header('Cache-Control', 'no-store');
    return c.text('Not Found', 404);
  }
  return c.body(stored.body as ReadableStream | Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'image/webp',
    'Content-Length': String(stored.size),
    'Cache-Control': KEPT_A_YEAR,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline',
  });
});
