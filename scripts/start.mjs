// `npm start`: builds when needed, then runs the Node entry (PORT, default 8787).
import { requireNodeFloor } from './node-floor.mjs';

// Before anything else (the build too): a Node too old says so in one line.
requireNodeFloor();
const { ensureBuild } = await import('./ensure-build.mjs');

// React and other dependencies are external to the server bundle: without this they would run
// their development builds (about 4x slower rendering).
process.env.NODE_ENV ??= 'production';
await ensureBuild();
await import('../dist/server/node.js');
