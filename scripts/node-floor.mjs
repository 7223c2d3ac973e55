// The Node the shop runs on, from package.json's `engines` (one place says it): `npm ci` brings it
// (the `node` devDependency) and npm scripts use it; a start on an older Node stops before serving.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The lowest major version `engines.node` admits (">=24" gives 24). */
export const NODE_FLOOR = Number(/\d+/.exec(engines.node)[0]);

/** Why this Node cannot run the shop, or null when it can. */
export function nodeRefusal(version = process.versions.node) {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_FLOOR) return null;
  return `The shop runs on Node ${NODE_FLOOR} or later; this is Node ${version}. Run it with \`npm start\` (after \`npm ci\`, which brings Node ${NODE_FLOOR} in node_modules/.bin), or install Node ${NODE_FLOOR}.`;
}

/** Stops the process with the reason when this Node cannot run the shop. */
export function requireNodeFloor() {
  const refusal = nodeRefusal();
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}
