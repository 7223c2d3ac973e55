// `npm run db:migrate`, `npm run content:sync` (and `npm run db:seed`, the same sync), `npm run mail:retry` (alias `contact:retry`), `npm run orders`, `npm run vitals`.
import { ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import('../dist/server/db-cli.js');
