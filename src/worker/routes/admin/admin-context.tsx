import type { Context } from 'hono';
import { Refusal, refusalStatus } from '#worker/base/refusal.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { renderAdmin } from './admin-frame.tsx';
import type { AdminEnv } from './admin-guard.tsx';

export type AdminContext = Context<AdminEnv>;

/** A back-office page for the signed-in owner (their address in the header, the sign-out button). */
export const adminPage = (c: AdminContext, title: string, body: React.ReactNode, status = 200) =>
  renderAdmin(c as unknown as Context<AppEnv>, title, body, { status, admin: c.get('admin') });

/** What the domain actions need from the app: the shopper is mailed from here (this machine may mail). */
export const actionDeps = (c: AdminContext) => ({ ...c.get('deps'), log: c.get('log'), mailWaiting: true });

/** A refusal's words and status for the form that was refused; anything else is not ours to explain (rethrown: a 500). */
export function refused(err: unknown): { text: string; status: 400 | 404 | 409 } {
  if (err instanceof Refusal) return { text: err.message, status: refusalStatus(err) };
  throw err;
}
