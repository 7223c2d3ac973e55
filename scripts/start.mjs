// `npm start`: builds when needed, then runs the Node entry (PORT, default 8787).
import { ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import('../dist/server/node.js');
