// `npm run db:migrate`, `npm run db:seed` and `npm run contact:retry`.
import { ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import('../dist/server/db-cli.js');
