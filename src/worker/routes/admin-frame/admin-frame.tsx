import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { site } from '#shared/site/brand.ts';
import { clientAssets } from '#worker/render/client-assets.ts';
import { takeFlash, type FlashNotice } from '#worker/http/flash-cookie.ts';
import { FlashBox } from '#worker/frame/flash-box.tsx';
import type { AppEnv } from '#worker/middleware/app-context.ts';

const assets = clientAssets();

const NAV = [
  { href: '/admin', label: 'Today' },
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/returns', label: 'Returns' },
  { href: '/admin/reviews', label: 'Reviews' },
  { href: '/admin/referrals', label: 'Referrals' },
  { href: '/admin/stock', label: 'Stock' },
  { href: '/admin/catalogue', label: 'Catalogue' },
  { href: '/admin/posts', label: 'Posts' },
  { href: '/admin/vitals', label: 'Vitals' },
  { href: '/admin/newsletter', label: 'Newsletter' },
  { href: '/admin/mail', label: 'Mail' },
  { href: '/admin/privacy', label: 'Privacy' },
] as const;

/**
 * The back office's own page: the shop's stylesheet and nothing else of the storefront (no analytics,
 * no islands, no scripts at all: every action is a plain form), a nav that wraps on a 360 px phone.
 */
function AdminDocument({
  title,
  admin,
  flash,
  children,
}: {
  title: string;
  admin: string | null;
  flash: FlashNotice | null;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · ${site.brand} back office`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased print:bg-white">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className="bg-stone-900 text-white print:hidden">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <span className="font-bold">{`${site.brand} back office`}</span>
            {admin && (
              <nav aria-label="Back office" className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {NAV.map((item) => (
                  <a key={item.href} href={item.href} className="underline-offset-2 hover:underline">
                    {item.label}
                  </a>
                ))}
              </nav>
            )}
            {admin && (
              <form method="post" action="/admin/sign-out" className="ml-auto flex flex-wrap items-center gap-2 text-sm">
                <span className="text-stone-300">{admin}</span>
                <button type="submit" className="rounded border border-stone-400 px-2 py-1 hover:bg-stone-800">
                  Sign out
                </button>
                <button type="submit" name="everywhere" value="on" className="rounded border border-stone-400 px-2 py-1 hover:bg-stone-800">
                  Sign out everywhere
                </button>
              </form>
            )}
          </div>
        </header>
        <main id="main" className="mx-auto max-w-5xl px-4 py-6 [overflow-wrap:anywhere]" tabIndex={-1}>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {flash && (
            <div className="-mx-4 print:hidden">
              <FlashBox notice={flash} />
            </div>
          )}
          <div className="mt-4 flex flex-col gap-6">{children}</div>
        </main>
      </body>
    </html>
  );
}

/** Answers with a back-office page: never stored, never indexed, whatever its status. */
export async function renderAdmin(
  c: Context<AppEnv>,
  title: string,
  body: ReactNode,
  opts: { status?: number; admin?: string | null } = {},
) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  const flash = takeFlash(c, 'admin');
  const stream = await renderToReadableStream(
    <AdminDocument title={title} admin={opts.admin ?? null} flash={flash}>
      {body}
    </AdminDocument>,
    { nonce: c.get('nonce') },
  );
  await stream.allReady;
  return c.body(stream, (opts.status ?? 200) as 200, { 'Content-Type': 'text/html; charset=UTF-8' });
}
