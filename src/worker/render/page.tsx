import type { Context, Handler } from 'hono';
import type { ComponentType } from 'react';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import type { PageHead } from './head.ts';
import type { LaterPage } from './early-page.ts';

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
  /**
   * A kept page's tags when its address alone shows it is a page (no database read: a product the
   * catalogue is known to list), a superset of those its head will name; its first bytes then go
   * before its data is read (render/early-page.ts). Null: load first, as any page.
   */
  early?: (c: Context<AppEnv>) => Promise<readonly string[] | null>;
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

/**
 * Whether a page may go out before its data: one the shared cache will keep, at the address it is kept
 * under (no query), while the database has been answering (else it waits, to answer 503 if it must).
 */
export const mayGoEarly = (c: Context<AppEnv>) =>
  c.get('shareable') && new URL(c.req.url).search === '' && !c.get('deps').readCache.troubled();

/**
 * How long a page that may go early waits for its data before sending its first bytes: a database
 * near by answers (or refuses, and the page answers 503 for the cache to serve its stale copy) within
 * it, and the page goes whole as before; a far one does not, and the first bytes go while it answers.
 */
export const EARLY_AFTER_MS = 50;

const late = (work: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(resolve, ms, true);
    const settled = () => {
      clearTimeout(timer);
      resolve(false);
    };
    work.then(settled, settled);
  });

/**
 * Answers with the page `loading` gives (or its own answer): rendered once it is back, or, for a kept
 * page whose `tags` are known early (else null) and whose data is not back within EARLY_AFTER_MS, its
 * first bytes then and the rest when it is (render/early-page.ts).
 */
export async function serveLater(
  c: Context<AppEnv>,
  tags: readonly string[] | null,
  loading: Promise<LaterPage>,
  renderFailed?: (c: Context<AppEnv>, err: unknown) => Response | Promise<Response>,
): Promise<Response> {
  if (tags && (await late(loading, EARLY_AFTER_MS))) return c.get('renderEarly')(tags, () => loading);
  const page = await loading;
  if (page instanceof Response) return page;
  if (!renderFailed) return c.render(page.content, page.head);
  try {
    // Awaited so that a shell that fails to render still gets the page's own answer.
    return await c.render(page.content, page.head);
  } catch (err) {
    return renderFailed(c, err);
  }
}

/** A page module's data as the page to render (or the load's own answer). */
export const laterPage = <Data extends object>(c: Context<AppEnv>, page: PageModule<Data>, data: Data | Response): LaterPage =>
  data instanceof Response ? data : { content: <page.Page {...data} />, head: page.head(data, c.get('deps').settings.SITE_URL) };

/**
 * The route handler of a page module: load, then render (or the load's own answer); a kept page whose
 * address shows it is one (`early`) may send its first bytes before its data (serveLater).
 */
export function servePage<Data extends object>(page: PageModule<Data>): Handler<AppEnv> {
  return async (c) => {
    const tags = page.early && mayGoEarly(c) ? await page.early(c) : null;
    const loading = Promise.resolve(page.load(c)).then((data) => laterPage(c, page, data));
    return serveLater(c, tags, loading, page.renderFailed);
  };
}

/** The route handler of a page with fixed content. */
export function serveStaticPage(page: StaticPageModule): Handler<AppEnv> {
  const { Page } = page;
  return (c) => c.render(<Page />, page.head(c.get('deps').settings.SITE_URL));
}
