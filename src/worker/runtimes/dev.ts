// `npm run dev`: the app inside Vite's dev server, on the embedded database. CSS changes apply
// live; server and island changes reload the page.
import { createApp } from '../app';
import { prepareDatabase } from '../db/migrate-node';
import { createNodeDeps } from './node-deps';
import { parseSettings } from '../settings';

const settings = parseSettings(process.env, 'node');
const deps = await createNodeDeps(settings, { clientDir: 'public' });
await prepareDatabase(deps.db);

export default createApp(deps);
