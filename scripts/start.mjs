// `npm start`: builds when the build is missing or older than the sources, then runs the Node entry.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from './build.mjs';

const output = 'dist/server/node.js';
const inputs = ['src', 'public', 'migrations', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const stale = !existsSync(output) || Math.max(...inputs.map(newestMtime)) > statSync(output).mtimeMs;
if (stale) {
  console.log('Building the shop (client and Node entry)...');
  await build(['client', 'node']);
}
await import(`../${output}`);
