// `npm run dev`: the app inside Vite's dev server, on the embedded database. CSS and island changes
// apply live (islands through React Fast Refresh, keeping their state); server changes reload the page.
import { createApp } from '#worker/app.tsx';
import { prepareDatabase } from './migrate-node.ts';
import { createNodeDeps } from './node-deps.ts';
import { parseSettings } from '#worker/base/settings.ts';

const settings = parseSettings(process.env, 'node');
const deps = await createNodeDeps(settings, { clientDir: 'public' });
await prepareDatabase(deps.db);

export default createApp(deps);
