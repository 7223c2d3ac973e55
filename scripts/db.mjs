// `npm run db:migrate` and `npm run db:seed`.
import { ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import('../dist/server/db-cli.js');
