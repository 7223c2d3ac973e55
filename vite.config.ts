import devServer, { defaultOptions } from '@hono/vite-dev-server';
import tailwindcss from '@tailwindcss/vite';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** BUILD_DIR=dist-dev with --mode development gives React's development build (hydration warnings). */
const out = process.env.BUILD_DIR ?? 'dist';

/** The client build's manifest; the dev server (and tests before a build) use a stand-in that points at the source entry. */
const builtManifest = resolve(out, 'client/.vite/manifest.json');
const devManifest = resolve('src/worker/render/dev-manifest.json');
const testManifest = existsSync(builtManifest) ? builtManifest : devManifest;

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    tailwindcss(),
    command === 'serve' && !process.env.VITEST
      ? devServer({ entry: 'src/worker/runtimes/dev.ts', exclude: [/^\/src\/.+/, ...defaultOptions.exclude] })
      : null,
  ],
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
          input: { node: 'src/worker/runtimes/node.ts', 'db-cli': 'src/worker/db/cli.ts' },
          output: { entryFileNames: '[name].js' },
        },
      }
    : {
        outDir: `${out}/client`,
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: { input: 'src/client/entry.ts' },
      },
}));
