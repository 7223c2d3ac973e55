// worker-configuration.d.ts (`npm run cf-typegen`) is generated without wrangler's runtime types
// (--include-runtime=false): loaded as globals they clash with the DOM lib the browser code needs.
// The project imports runtime types from @cloudflare/workers-types instead; the globals the generated
// Env names are aliased to those here.
type Fetcher = import('@cloudflare/workers-types').Fetcher;

// The Worker's own modules and globals the project uses, typed from the same package.
declare module 'cloudflare:workers' {
  import { CloudflareWorkersModule } from '@cloudflare/workers-types';
  export import WorkerEntrypoint = CloudflareWorkersModule.WorkerEntrypoint;
}
declare const HTMLRewriter: typeof import('@cloudflare/workers-types').HTMLRewriter;
