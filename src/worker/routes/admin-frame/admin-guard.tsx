import type { Context, MiddlewareHandler } from 'hono';
import { adminAddresses, isAdmin, adminReturnPath } from '#shared/admin/admin-rules.ts';
import { cloudflareAccessEmail } from '#worker/admin/access-jwt.ts';
import { sessionEmail } from '#worker/admin/admin-sessions.ts';
import { clearCookie, COOKIES, readCookie, writeCookie } from '#worker/http/cookies.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { renderNotFound } from '#worker/routes/site/not-found-page.tsx';
import { renderAdmin } from './admin-frame.tsx';

/** The back office's routes see who is signed in (the address, lower-cased). */
export type AdminEnv = { Variables: AppEnv['Variables'] & { admin: string } };

export const setAdminCookie = (c: Context, token: string) => writeCookie(c, COOKIES.admin, token);
export const adminCookie = (c: Context) => readCookie(c, COOKIES.admin);
export const clearAdminCookie = (c: Context) => clearCookie(c, COOKIES.admin);

/**
 * Before every /admin route: without ADMIN_EMAILS there is no back office (404, nothing offered);
 * every answer is `no-store` and `noindex` (pages, redirects and refusals alike).
 */
export const adminGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (adminAddresses(c.get('deps').settings.ADMIN_EMAILS).length === 0) return renderNotFound(c);
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
};

/** The listed address signed in on this request (its session, else Cloudflare Access), or null. */
export async function signedInAdmin(c: Context<AppEnv>): Promise<string | null> {
  const { db, settings } = c.get('deps');
  const admins = adminAddresses(settings.ADMIN_EMAILS);
  const bySession = await sessionEmail(db, adminCookie(c));
  if (bySession && isAdmin(bySession, admins)) return bySession;
  const byAccess = await cloudflareAccessEmail(settings, c.req.header('Cf-Access-Jwt-Assertion'));
  return isAdmin(byAccess, admins) ? byAccess : null;
}

/**
 * Who is signed in: a live session of a still-listed address (its cookie), or a listed address
 * Cloudflare Access vouches for. Nobody: a page asked for goes to the sign-in page, and an action is
 * refused (401) having changed nothing.
 */
export const requireAdmin: MiddlewareHandler<AdminEnv> = async (c, next) => {
  const email = await signedInAdmin(c as unknown as Context<AppEnv>);
  if (!email) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      // The page asked for comes back after signing in (the link mailed carries it).
      const asked = adminReturnPath(`${c.req.path}${new URL(c.req.url).search}`);
      return c.redirect(asked === '/admin' ? '/admin/sign-in' : `/admin/sign-in?next=${encodeURIComponent(asked)}`, 303);
    }
    return renderAdmin(
      c as unknown as Context<AppEnv>,
      'Sign in first',
      <p>
        Nothing was changed: your session has ended or you are not signed in.{' '}
        <a href="/admin/sign-in" className="underline">
          Sign in
        </a>{' '}
        and try again.
      </p>,
      { status: 401 },
    );
  }
  c.set('admin', email);
  await next();
};
