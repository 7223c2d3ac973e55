// Writes .br and .gz beside each built text file, so the Node server sends them compressed
// without compressing on every request (Cloudflare compresses for the Worker; .assetsignore
// keeps these copies out of Workers Static Assets).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this, the compressed copy saves less than the headers cost. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

export async function precompress(dir) {
  let raw = 0;
  let brotli = 0;
  for await (const path of files(dir)) {
    if (!TEXT.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const body = await readFile(path);
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    await writeFile(`${path}.br`, br);
    await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
    raw += body.length;
    brotli += br.length;
  }
  return { raw, brotli };
}
