// Builds the client and the Node entry when they are missing or older than the sources.
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

export async function ensureBuild() {
  const stale = !existsSync(output) || Math.max(...inputs.map(newestMtime)) > statSync(output).mtimeMs;
  if (!stale) return;
  console.log('Building the shop (client and Node entry)...');
  await build(['client', 'node']);
}
