import type { Context } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { useHref } from '#ui/state/market-context.ts';
import { WholeEnd } from '#worker/frame/whole-end.tsx';

/** The not-found page, shown at /404 and for every unknown path. */
function NotFoundPage() {
  const to = useHref();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-red-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-stone-700">The page you're looking for doesn't exist or has been moved.</p>
      {/* Centred, so a half-parsed row would paint narrow, then widen and move (WholeEnd). */}
      <div className="mt-8 flex flex-wrap justify-center gap-4" data-whole="">
        <a href={to('/')} className="btn btn-primary">
          Back to Home
        </a>
        <a href={to('/products')} className="btn btn-secondary">
          Browse Products
        </a>
      </div>
      <WholeEnd />
    </section>
  );
}

/** Answers with the not-found page and status 404 at the missed URL itself, so crawlers see a 404. */
export function renderNotFound(c: Context<AppEnv>) {
  const path = c.req.path;
  c.get('log')('warn', 'page not found', { path });
  c.status(404);
  return c.render(<NotFoundPage />, {
    title: 'Page Not Found',
    description: "The page you're looking for doesn't exist or has been moved.",
    robots: 'noindex',
    events: [{ event: '404_error', page_path: path }],
  });
}
