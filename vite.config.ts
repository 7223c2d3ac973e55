import tailwindcss from '@tailwindcss/vite';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** The client build's manifest, or a development stand-in that points at the source entry. */
const builtManifest = resolve('dist/client/.vite/manifest.json');
const clientManifest = existsSync(builtManifest) ? builtManifest : resolve('src/worker/render/dev-manifest.json');

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [tailwindcss()],
  resolve: {
    alias: {
      'virtual:client-manifest': command === 'build' && isSsrBuild ? builtManifest : clientManifest,
    },
  },
  build: isSsrBuild
    ? {
        // The Node entry (npm start); the Worker is bundled by wrangler from src/worker/index.ts.
        outDir: 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node22',
        rollupOptions: { input: 'src/worker/node.ts', output: { entryFileNames: 'node.js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: { input: 'src/client/entry.ts' },
      },
}));
