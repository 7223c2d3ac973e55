import type { Context } from 'hono';
import { claimFormToken } from '#worker/admin/form-once.ts';
import { Refusal, refusalStatus } from '#worker/base/refusal.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { renderAdmin } from './admin-frame.tsx';
import type { AdminEnv } from './admin-guard.tsx';

export type AdminContext = Context<AdminEnv>;

/** A back-office page for the signed-in owner (their address in the header, the sign-out button). */
export const adminPage = (c: AdminContext, title: string, body: React.ReactNode, status = 200) =>
  renderAdmin(c as unknown as Context<AppEnv>, title, body, { status, admin: c.get('admin') });

/** What the domain actions need from the app: the shopper is mailed from here (this machine may mail). */
export const actionDeps = (c: AdminContext) => ({ ...c.get('deps'), log: c.get('log'), mailWaiting: true });

/**
 * The form's one-time token claimed: null for the first post (go ahead); for a second post of the same
 * form, back to `back` saying nothing was done again; for a post without one, 400 (an old page).
 */
export async function claimForm(c: AdminContext, fields: Record<string, string>, back: string): Promise<Response | null> {
  const claim = await claimFormToken(c.get('deps').db, fields.form_token);
  if (claim === 'first') return null;
  if (claim === 'missing') return adminPage(c, 'This form is out of date', <p>Reload the page and send the form again.</p>, 400);
  setFlash(c, { tone: 'info', text: 'That form was sent already: nothing was done a second time.' }, 'admin');
  return c.redirect(back, 303);
}

/** A refusal's words and status for the form that was refused; anything else is not ours to explain (rethrown: a 500). */
export function refused(err: unknown): { text: string; status: ReturnType<typeof refusalStatus> } {
  if (err instanceof Refusal) return { text: err.message, status: refusalStatus(err) };
  throw err;
}

/** What a form's action tells the owner, and where it goes then (its own page unless it says). */
export interface FormOutcome {
  text: string;
  to?: string;
}

/**
 * A back-office form's post: its one-use token claimed (a second send goes back to `back`), then `act`,
 * whose words are flashed on the page it goes to; a refusal shows `again` with its words and status.
 */
export async function runAdminForm(
  c: AdminContext,
  fields: Record<string, string>,
  back: string,
  act: () => Promise<FormOutcome>,
  again: (problem: ReturnType<typeof refused>) => Response | Promise<Response>,
): Promise<Response> {
  const claimed = await claimForm(c, fields, back);
  if (claimed) return claimed;
  try {
    const { text, to } = await act();
    setFlash(c, { tone: 'info', text }, 'admin');
    return c.redirect(to ?? back, 303);
  } catch (err) {
    return again(refused(err));
  }
}

/** A row's number from the address (`:id`, `:change`): 0 for anything else, which the domain answers as unknown (404). */
export function idParam(c: AdminContext, name = 'id'): number {
  const id = Number(c.req.param(name));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
