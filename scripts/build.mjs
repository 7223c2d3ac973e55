// Builds everything `npm start`, the tests and `wrangler deploy` need:
// the client (hashed JS/CSS + manifest), the Node entry, and the Worker bundle.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { precompress } from './precompress.mjs';
import { rasterImages } from './raster-images.mjs';
import { run } from './run.mjs';

const devEnv = { ...process.env, NODE_ENV: 'development', BUILD_DIR: 'dist-dev' };
const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

/**
 * The Worker's last-known content: the catalogue (src/worker/catalogue/last-built.ts) and the published
 * posts' slugs (src/worker/posts/last-built-posts.ts), as the Node build read them from content/, so
 * both runtimes carry the same copy. The node step writes them; the worker and deploy steps come after it.
 */
function lastBuiltContent() {
  return [
    ['SHOP_LAST_BUILT_CATALOGUE', 'dist/server/last-built-catalogue.json'],
    ['SHOP_LAST_BUILT_POST_SLUGS', 'dist/server/last-built-post-slugs.json'],
  ].flatMap(([name, file]) => {
    if (!existsSync(file)) throw new Error(`${file} is missing: build the node step before the worker (npm run build)`);
    return ['--define', `${name}:${JSON.stringify(readFileSync(file, 'utf8'))}`];
  });
}

const steps = {
  client: async () => {
    await run('vite', ['build', '--logLevel', 'warn']);
    await rasterImages('dist/client');
    await precompress('dist/client');
  },
  node: () => run('vite', ['build', '--ssr', '--logLevel', 'warn']),
  worker: () => run('wrangler', ['deploy', '--dry-run', '--outdir', 'dist/worker', ...lastBuiltContent()], { env: wranglerEnv }),
  // npm run deploy: the same bundle as the worker step, uploaded.
  deploy: () => run('wrangler', ['deploy', ...lastBuiltContent()], { env: wranglerEnv }),
  // React's development build in dist-dev/, for the browser test that checks hydration warnings.
  'dev-client': async () => {
    await run('vite', ['build', '--mode', 'development', '--logLevel', 'warn'], { env: devEnv });
    await rasterImages('dist-dev/client');
    await precompress('dist-dev/client');
  },
  'dev-node': () => run('vite', ['build', '--ssr', '--mode', 'development', '--logLevel', 'warn'], { env: devEnv }),
};

/** Runs the named build steps in order (the client first: the servers bundle its manifest). */
export const productionSteps = ['client', 'node', 'worker'];

export async function build(names = productionSteps) {
  for (const name of names) await steps[name]();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build(process.argv.length > 2 ? process.argv.slice(2) : undefined);
}
