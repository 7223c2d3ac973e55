// worker-configuration.d.ts (`npm run cf-typegen`) is generated without wrangler's runtime types
// (--include-runtime=false): loaded as globals they clash with the DOM lib the browser code needs.
// The project imports runtime types from @cloudflare/workers-types instead; the globals the generated
// Env names are aliased to those here.
type Fetcher = import('@cloudflare/workers-types').Fetcher;
