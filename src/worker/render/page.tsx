import type { Context, Handler } from 'hono';
import type { ComponentType } from 'react';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import type { PageHead } from './head.ts';

/**
 * One URL in one module, as a route module of Shopify Hydrogen: `load` awaits what the head and the
 * first paint need and starts the rest as promises (awaited behind Suspense); `head` and `Page` are
 * pure functions of what it returned. `load` may answer by itself instead (a redirect, a 404 page).
 */
export interface PageModule<Data extends object> {
  load: (c: Context<AppEnv>) => Data | Response | Promise<Data | Response>;
  head: (data: Data, siteUrl: string) => PageHead;
  Page: ComponentType<Data>;
  /** The page's own answer when its shell fails to render (else the app's error page). */
  renderFailed?: (c: Context<AppEnv>, err: unknown) => Response | Promise<Response>;
}

/** A page whose content never changes: no data to load. */
export interface StaticPageModule {
  head: (siteUrl: string) => PageHead;
  Page: ComponentType;
}

/** Renders a page module's data: the group routes and form handlers (a refused post shows the page again) use this. */
export function renderPage<Data extends object>(c: Context<AppEnv>, page: PageModule<Data>, data: Data) {
  const { Page } = page;
  return c.render(<Page {...data} />, page.head(data, c.get('deps').settings.SITE_URL));
}

/** The route handler of a page module: load, then render (or the load's own answer). */
export function servePage<Data extends object>(page: PageModule<Data>): Handler<AppEnv> {
  return async (c) => {
    const data = await page.load(c);
    if (data instanceof Response) return data;
    if (!page.renderFailed) return renderPage(c, page, data);
    try {
      // Awaited so that a shell that fails to render still gets the page's own answer.
      return await renderPage(c, page, data);
    } catch (err) {
      return page.renderFailed(c, err);
    }
  };
}

/** The route handler of a page with fixed content. */
export function serveStaticPage(page: StaticPageModule): Handler<AppEnv> {
  const { Page } = page;
  return (c) => c.render(<Page />, page.head(c.get('deps').settings.SITE_URL));
}
