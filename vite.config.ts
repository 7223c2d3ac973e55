import devServer, { defaultOptions } from '@hono/vite-dev-server';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

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

/** The dev server (not vitest): the app inside Vite, islands with Fast Refresh. */
const devPlugins = () => [
  devServer({ entry: 'src/worker/runtimes/dev.ts', exclude: [/^\/src\/.+/, ...defaultOptions.exclude] }),
  react(),
  reactRefreshPreamble,
];

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [tailwindcss(), command === 'serve' && !process.env.VITEST ? devPlugins() : null],
  server: { port: Number(process.env.PORT ?? 8787) },
  resolve: {
    alias: {
      'virtual:client-manifest': command === 'build' ? builtManifest : process.env.VITEST ? testManifest : devManifest,
    },
  },
  build: isSsrBuild
    ? {
        // The Node entry (npm start) and the database CLI; the Worker is bundled by wrangler from src/worker/runtimes/worker.ts.
        outDir: `${out}/server`,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node22',
        rollupOptions: {
          input: { node: 'src/worker/runtimes/node.ts', 'db-cli': 'src/worker/runtimes/cli.ts' },
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
