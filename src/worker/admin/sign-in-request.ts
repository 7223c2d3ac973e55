import { adminAddresses, isAdmin, LINK_VALID_MINUTES, SIGN_IN_MAIL_EVERY_MINUTES, SIGN_IN_WINDOW } from '#shared/admin/admin-rules.ts';
import { site } from '#shared/site/brand.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { senderKey } from '#worker/limits/sender-key.ts';
import type { MailMessage } from '#worker/mail/mailer.ts';
import type { MailDeps } from '#worker/mail/send-owed.ts';
import { makeSignInLink, unusedSignInLinkSince } from './admin-sessions.ts';

type SignInDeps = MailDeps & { log: Logger };

export const SIGN_IN_LINK_PATH = '/admin/sign-in/link';

/** The mail with the one-time link: where it goes, how long it works, and what to do if it was not asked for. */
export function signInEmail(to: string, token: string, settings: SignInDeps['settings'], next = '/admin'): MailMessage {
  const back = next === '/admin' ? '' : `&next=${encodeURIComponent(next)}`;
  const url = new URL(`${SIGN_IN_LINK_PATH}?token=${token}${back}`, settings.SITE_URL).href;
  return {
    mailId: `admin-sign-in-${token.slice(0, 12)}`,
    to,
    from: settings.CONTACT_FROM_EMAIL,
    subject: `Sign in to the ${site.brand} back office`,
    text: [
      `Someone (we hope you) asked to sign in to the ${site.brand} back office with this address.`,
      '',
      `Open this link within ${LINK_VALID_MINUTES} minutes to sign in; it works once:`,
      url,
      '',
      'If you did not ask, ignore this mail: nobody can sign in without the link.',
    ].join('\n'),
  };
}

/**
 * A sign-in request: counted against the sender's network (ADMIN_SIGNIN_RATE_LIMIT per 15 minutes,
 * durable), then, for a listed address only, a link made and mailed by `later` (the answer does not
 * wait for it, so a listed and an unlisted address take the same time and get the same words). The
 * address itself is never locked: a flood for it from other networks cannot keep the owner out. While
 * a link mailed to it in the last SIGN_IN_MAIL_EVERY_MINUTES is unused, a request is answered alike and
 * mails nothing (that link still works).
 */
export async function askForSignIn(
  deps: SignInDeps,
  email: string,
  sender: string | undefined,
  later: (work: Promise<unknown>) => void,
  /** The back-office page to return to once signed in (adminReturnPath's). */
  next = '/admin',
): Promise<{ limited: false } | { limited: true; retryAfterS: number }> {
  const { db, settings, log } = deps;
  const limit = { ...SIGN_IN_WINDOW, limit: settings.ADMIN_SIGNIN_RATE_LIMIT };
  const bySender = await takeHit(db, limit, await senderKey(settings.RATE_LIMIT_SECRET, sender));
  if (!bySender.allowed) {
    log('warn', 'admin sign-in rate limited', {});
    return { limited: true, retryAfterS: bySender.retryAfterS };
  }
  if (!isAdmin(email, adminAddresses(settings.ADMIN_EMAILS))) {
    log('warn', 'admin sign-in asked for an address not in ADMIN_EMAILS', {});
    return { limited: false };
  }
  if (await unusedSignInLinkSince(db, email, Date.now() - SIGN_IN_MAIL_EVERY_MINUTES * 60_000)) {
    log('info', 'admin sign-in link mailed moments ago: this ask mails nothing', {});
    return { limited: false };
  }
  later(
    makeSignInLink(db, email)
      .then((token) => deps.mailer.send(signInEmail(email, token, settings, next)))
      .then(
        () => log('info', 'admin sign-in link sent', {}),
        (err: unknown) => log('error', 'admin sign-in link not sent', errorFields(err)),
      ),
  );
  return { limited: false };
}
