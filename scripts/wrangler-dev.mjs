// `npm run dev:edge` and `npm run preview`: the Worker in local workerd on PORT (default 8787), like `npm start`.
// `-- --bundle` runs the built dist/worker/worker.js as deployed (preview); without it wrangler bundles src/.
import { run } from './run.mjs';

const port = process.env.PORT ?? '8787';
if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error(`PORT ${port} is not a port number (1-65535).`);
  process.exit(1);
}
const built = process.argv.includes('--bundle') ? ['dist/worker/worker.js', '--no-bundle'] : [];
await run('wrangler', ['dev', ...built, '--port', port, '--ip', '127.0.0.1']).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
