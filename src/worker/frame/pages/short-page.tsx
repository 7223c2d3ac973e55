import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '#worker/middleware/app-context.ts';

/**
 * A short page about one person's request (a mailed link, a form's answer): one heading, what
 * happened, the next step. Never stored, never indexed, no address in a referrer.
 */
export function shortPage(c: Context<AppEnv>, status: 200 | 400 | 404 | 409 | 410 | 413 | 429 | 503, title: string, body: ReactNode) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'no-referrer');
  c.status(status);
  return c.render(
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-4 flex flex-col gap-4 text-stone-800">{body}</div>
    </section>,
    { title, description: title, robots: 'noindex' },
  );
}
