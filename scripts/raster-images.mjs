// Raster copies of the SVG artwork (build time): social networks show no SVG share images, and
// search engines prefer raster images in structured data. public/images/<folder>/<name>.svg becomes
// <out>/images/raster/<folder>/<name>.jpg at the SVG's own size (1200×630 for share cards). The SVGs stay the source.
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';

async function svgFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? svgFiles(join(dir, e.name)) : e.name.endsWith('.svg') ? [join(dir, e.name)] : [])),
  );
  return nested.flat();
}

/** Renders every SVG under public/images into `${outDir}/images/raster/` as JPEG. */
export async function rasterImages(outDir, source = 'public/images') {
  const files = await svgFiles(source);
  await Promise.all(
    files.map(async (file) => {
      const target = join(outDir, 'images', 'raster', relative(source, file).replace(/\.svg$/, '.jpg'));
      await mkdir(dirname(target), { recursive: true });
      await sharp(file).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toFile(target);
    }),
  );
  return files.length;
}
