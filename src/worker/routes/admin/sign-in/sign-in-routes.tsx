import { Hono, type Context } from 'hono';
import { adminReturnPath, LINK_VALID_MINUTES, normaliseAddress } from '#shared/admin/admin-rules.ts';
import { endSession, signInLinkState, redeemSignInLink } from '#worker/admin/admin-sessions.ts';
import { askForSignIn } from '#worker/admin/sign-in-request.ts';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { readFields } from '#worker/http/read-fields.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { renderAdmin } from '#worker/routes/admin-frame/admin-frame.tsx';
import { adminCookie, clearAdminCookie, setAdminCookie, signedInAdmin } from '#worker/routes/admin-frame/admin-guard.tsx';
import { Field, Problem, Submit } from '#worker/routes/admin-frame/admin-ui.tsx';

function SignInForm({ email = '', problem, next }: { email?: string; problem?: string; next: string }) {
  return (
    <form method="post" action="/admin/sign-in" className="flex max-w-sm flex-col gap-3">
      {next !== '/admin' && <input type="hidden" name="next" value={next} />}
      <p>We mail a link that signs you in once, valid for {LINK_VALID_MINUTES} minutes. No password.</p>
      <Problem text={problem} />
      <Field label="E-mail address" name="email" type="email" required autoComplete="email" defaultValue={email} maxLength={254} />
      <Submit>E-mail me a sign-in link</Submit>
    </form>
  );
}

/** Why a link does not sign in, in words that say what to do. */
const DEAD_LINK = {
  used: 'This link has been used already: each link signs in once.',
  expired: `This link is more than ${LINK_VALID_MINUTES} minutes old.`,
  unknown: 'This link is not complete: it may have been cut when it was copied. Open it from the mail itself.',
} as const;

const badLink = (c: Context<AppEnv>, why: keyof typeof DEAD_LINK) =>
  renderAdmin(
    c,
    'This link does not sign anyone in',
    <p data-dead-link={why}>
      {DEAD_LINK[why]}{' '}
      <a href="/admin/sign-in" className="underline">
        Ask for a new link
      </a>
      .
    </p>,
    { status: 400 },
  );

/**
 * Signing in without a password: an address ADMIN_EMAILS lists is mailed a one-time link; the link
 * opens a page whose button (a POST: a mail scanner that opens links signs nobody in) starts a
 * session kept in the database, its cookie HttpOnly, SameSite=Strict, `__Host-` on https.
 */
export const signInRoutes = new Hono<AppEnv>()
  .get('/admin/sign-in', async (c) => {
    const next = adminReturnPath(c.req.query('next'));
    // Signed in already: on to the page asked for.
    if (await signedInAdmin(c)) return c.redirect(next, 303);
    return renderAdmin(c, 'Sign in', <SignInForm next={next} />);
  })
  .post('/admin/sign-in', async (c) => {
    const deps = c.get('deps');
    const fields = await readFields(c);
    const typed = fields.email ?? '';
    const email = normaliseAddress(typed);
    const next = adminReturnPath(fields.next);
    if (!email) {
      return renderAdmin(c, 'Sign in', <SignInForm email={typed.slice(0, 254)} problem="Enter an e-mail address." next={next} />, {
        status: 400,
      });
    }
    const answer = await askForSignIn(deps, email, deps.senderAddressOf(c), keepAlive(c), next);
    if (answer.limited) {
      c.header('Retry-After', String(answer.retryAfterS));
      return renderAdmin(c, 'Too many sign-in requests', <p>Please wait a few minutes before asking for another link.</p>, { status: 429 });
    }
    // The same words whether or not the address may sign in.
    return renderAdmin(
      c,
      'Check your inbox',
      <p>
        If {email} may sign in, a link is on its way. It works once, for {LINK_VALID_MINUTES} minutes.
      </p>,
    );
  })
  .get('/admin/sign-in/link', async (c) => {
    const token = c.req.query('token') ?? '';
    // Said at once, before the button: a dead link would otherwise fail only after the tap.
    const state = await signInLinkState(c.get('deps').db, token);
    if (state !== 'live') return badLink(c, state);
    return renderAdmin(
      c,
      'Sign in',
      <form method="post" action="/admin/sign-in/link" className="flex flex-col gap-3">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="next" value={adminReturnPath(c.req.query('next'))} />
        <p>Press the button to sign in on this device.</p>
        <Submit>Sign in</Submit>
      </form>,
    );
  })
  .post('/admin/sign-in/link', async (c) => {
    const fields = await readFields(c);
    const signedIn = await redeemSignInLink(c.get('deps').db, fields.token ?? '');
    if (!signedIn) {
      const state = await signInLinkState(c.get('deps').db, fields.token ?? '');
      return badLink(c, state === 'live' ? 'used' : state);
    }
    setAdminCookie(c, signedIn.session);
    c.get('log')('info', 'admin signed in', { admin: signedIn.email });
    return c.redirect(adminReturnPath(fields.next), 303);
  })
  .post('/admin/sign-out', async (c) => {
    const everywhere = (await readFields(c)).everywhere === 'on';
    await endSession(c.get('deps').db, adminCookie(c), { everywhere });
    clearAdminCookie(c);
    setFlash(c, { tone: 'info', text: everywhere ? 'Signed out on every device.' : 'Signed out.' }, 'admin');
    return c.redirect('/admin/sign-in', 303);
  });
