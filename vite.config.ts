import devServer, { defaultOptions } from '@hono/vite-dev-server';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { readContentFolder } from './src/worker/content-sync/content-folder.ts';

/** BUILD_DIR=dist-dev with --mode development gives React's development build (hydration warnings). */
const out = process.env.BUILD_DIR ?? 'dist';

/** The client build's manifest; the dev server (and tests before a build) use a stand-in that points at the source entry. */
const builtManifest = resolve(out, 'client/.vite/manifest.json');
const devManifest = resolve('src/worker/render/dev-manifest.json');
const testManifest = existsSync(builtManifest) ? builtManifest : devManifest;

/**
 * `npm run dev` only: React Fast Refresh needs its preamble before React loads. The plugin adds it to an
 * index.html, but these pages are rendered by the app, so the client entry imports it instead (on its
 * first line, so source lines stay put; the entry is trusted by the CSP, so what it imports is too).
 */
const reactRefreshPreamble: Plugin = {
  name: 'shop:react-refresh-preamble',
  apply: 'serve',
  transform(code, id) {
    if (id === resolve('src/client/entry.ts')) return { code: `import '@vitejs/plugin-react/preamble';${code}`, map: null };
  },
};

/**
 * Radix starts its modules with "use client" (a React Server Components marker, meaningless in this
 * bundle) and rolldown warns about each one: ~110 lines on a first `npm start`. Only that warning, and
 * only for dependencies, is dropped; every other warning still prints.
 */
const onwarn: NonNullable<Rolldown.InputOptions['onwarn']> = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /[\\/]node_modules[\\/]/.test(warning.id ?? '')) return;
  warn(warning);
};

/**
 * The catalogue as content/products holds it now (listed products, id order): the server bundles it as
 * its last-known copy for outages (src/worker/catalogue/last-built.ts). The SSR build also writes it
 * to dist/server/last-built-catalogue.json, which scripts/build.mjs gives the Worker's bundle.
 */
let catalogueJson: string | undefined;
const lastBuiltCatalogue = () =>
  (catalogueJson ??= JSON.stringify(
    readContentFolder()
      .products.map((file) => file.product)
      .toSorted((a, b) => a.id - b.id),
  ));
/**
 * The slugs of the posts content/posts publishes at build time (published and due): an article among
 * them may send its first bytes before its data on an instance that never read it
 * (src/worker/posts/last-built-posts.ts); written beside the catalogue for the Worker's bundle.
 */
let postSlugsJson: string | undefined;
const lastBuiltPostSlugs = () =>
  (postSlugsJson ??= JSON.stringify(
    readContentFolder()
      .posts.filter((post) => post.published && Date.parse(post.publishedAt) <= Date.now())
      .map((post) => post.slug)
      .toSorted(),
  ));
const emitLastBuiltCatalogue: Plugin = {
  name: 'shop:last-built-catalogue',
  apply: 'build',
  generateBundle() {
    if (this.environment.config.consumer === 'server') {
      this.emitFile({ type: 'asset', fileName: 'last-built-catalogue.json', source: lastBuiltCatalogue() });
      this.emitFile({ type: 'asset', fileName: 'last-built-post-slugs.json', source: lastBuiltPostSlugs() });
    }
  },
};

/** The dev server (not vitest): the app inside Vite, islands with Fast Refresh. */
const devPlugins = () => [
  devServer({ entry: 'src/worker/runtimes/dev.ts', exclude: [/^\/src\/.+/, ...defaultOptions.exclude] }),
  react(),
  reactRefreshPreamble,
];

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [tailwindcss(), emitLastBuiltCatalogue, command === 'serve' && !process.env.VITEST ? devPlugins() : null],
  // The server's last-known catalogue (the browser's code never names it).
  define:
    isSsrBuild || process.env.VITEST
      ? {
          SHOP_LAST_BUILT_CATALOGUE: JSON.stringify(lastBuiltCatalogue()),
          SHOP_LAST_BUILT_POST_SLUGS: JSON.stringify(lastBuiltPostSlugs()),
        }
      : {},
  server: { port: Number(process.env.PORT ?? 8787) },
  resolve: {
    alias: {
      'virtual:client-manifest': command === 'build' ? builtManifest : process.env.VITEST ? testManifest : devManifest,
    },
  },
  build: isSsrBuild
    ? {
        // The Node entry (npm start), the database CLI and the Worker's local database (npm run db:edge); the Worker is bundled by wrangler from src/worker/runtimes/worker.ts.
        outDir: `${out}/server`,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node22',
        rollupOptions: {
          input: {
            node: 'src/worker/runtimes/node.ts',
            'db-cli': 'src/worker/runtimes/cli.ts',
            'local-db': 'src/worker/runtimes/local-db.ts',
          },
          output: { entryFileNames: '[name].js' },
          onwarn,
        },
      }
    : {
        outDir: `${out}/client`,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: { input: 'src/client/entry.ts', onwarn },
      },
}));
