// `npm run db:edge`: a local database for the Worker in local workerd (src/worker/runtimes/local-db.ts).
import { requireNodeFloor } from './node-floor.mjs';

requireNodeFloor();
const { ensureBuild } = await import('./ensure-build.mjs');
process.env.NODE_ENV ??= 'production';
await ensureBuild();
await import('../dist/server/local-db.js');
