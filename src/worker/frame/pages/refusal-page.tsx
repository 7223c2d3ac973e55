import type { Context } from 'hono';
import { refusalFor } from '#shared/site/http-errors.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { useHref } from '#ui/state/market-context.ts';

function RefusalPage({ title, description }: { title: string; description: string }) {
  const to = useHref();
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-stone-700">{description}</p>
      <a href={to('/')} className="btn btn-primary mt-8 inline-block">
        Back to Home
      </a>
    </section>
  );
}

/**
 * A request refused before a route handled it (400, 403, 405, 413, 415): JSON for /api/* and the islands
 * (wantsJson) in the shape the contact answers use for refusals (`ok`, `error`, `notice`), a short page otherwise.
 */
export function renderRefusal(c: Context<AppEnv>, status: number, headers: Record<string, string> = {}) {
  const refusal = refusalFor(status);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Cache-Control', 'no-store');
  if (wantsJson(c)) {
    return c.json({ ok: false, error: refusal.error, notice: { title: refusal.title, description: refusal.description } }, refusal.status);
  }
  c.status(refusal.status);
  return c.render(<RefusalPage title={refusal.title} description={refusal.description} />, {
    title: refusal.title,
    description: refusal.description,
    robots: 'noindex',
  });
}
