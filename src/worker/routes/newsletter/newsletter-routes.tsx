import { Hono, type Context } from 'hono';
import {
  NEWSLETTER_NAME,
  NEWSLETTER_PATH,
  SUBSCRIBE_CONFIRM_HOURS,
  SUBSCRIBE_RATE_WINDOW,
  WELCOME_PERCENT,
  readSubscribe,
  subscribeProblems,
} from '#shared/newsletter/newsletter-rules.ts';
import { newsletterLeavePath } from '#shared/mail/unsubscribe-links.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { networkKey, senderKey } from '#worker/limits/sender-key.ts';
import { confirmSubscription, leaveByToken, subscribe, subscriberByToken, welcomedBefore } from '#worker/newsletter/subscriptions.ts';
import { makeWelcomeCodes, sendSubscriberMails } from '#worker/newsletter/newsletter-mail.ts';
import { newsletterConfirmPath } from '#worker/newsletter/newsletter-email.ts';
import { NewsletterForm } from '#worker/components/newsletter-form.tsx';
import { ActionButton, AlertPage } from '#worker/routes/stock-alerts/alert-pages.tsx';
import { shortPage } from '#worker/frame/pages/short-page.tsx';

// Pages about one person's subscription are shortPage's: never kept or indexed, and no referrer (the address carries the token).
const unknownLink = (c: Context<AppEnv>) =>
  shortPage(
    c,
    404,
    'This link does not work',
    <p>It may have been copied only in part, or the subscription it belonged to is over. Nothing was changed.</p>,
  );

const SIGN_UP_TITLE = `${NEWSLETTER_NAME.replace(/^the /, 'The ')} by e-mail`;

/** What the sign-up page says above its form. */
function SignUp({ email, problem }: { email?: string; problem?: string }) {
  return (
    <>
      <p>
        New articles on dry-fire and laser training, by e-mail when they are published (about twice a month), and {WELCOME_PERCENT}% off
        your first order: a single-use code comes with the welcome e-mail once you confirm. Leave any time, with one click from any of its
        e-mails.
      </p>
      <NewsletterForm email={email} problem={problem} />
    </>
  );
}

/**
 * The Digest by e-mail (issue 68), without JavaScript: the sign-up (limited per network; the same
 * answer whatever is on file; one confirmation mail however often it is asked), the confirmation (a
 * button: mail scanners confirm nothing) that makes the welcome code at Stripe and mails it, and
 * leaving (the page's button, or RFC 8058's one-click POST from a mail client: requestGuard lets that
 * through cross-site, the token is the authority).
 */
export const newsletterRoutes = new Hono<AppEnv>()
  .get(NEWSLETTER_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.render(
      <AlertPage title={SIGN_UP_TITLE}>
        <SignUp />
      </AlertPage>,
      {
        title: SIGN_UP_TITLE,
        description: `Subscribe to ${NEWSLETTER_NAME}: new articles by e-mail and ${WELCOME_PERCENT}% off your first order.`,
      },
    );
  })
  .post(NEWSLETTER_PATH, async (c) => {
    const deps = c.get('deps');
    // The plain form posts a form and gets pages; the island posts JSON and gets JSON (wantsJson).
    const json = wantsJson(c);
    const fields = await readFields(c, ['form', 'json']);
    const asked = readSubscribe(fields);
    if (!asked.ok) {
      const problem = subscribeProblems[asked.problem];
      if (json) return c.json({ ok: false, problem }, 400);
      return shortPage(c, 400, SIGN_UP_TITLE, <SignUp email={fields.email?.trim().slice(0, 254)} problem={problem} />);
    }
    const secret = deps.settings.RATE_LIMIT_SECRET;
    const address = deps.senderAddressOf(c);
    const hit = await takeHit(deps.db, SUBSCRIBE_RATE_WINDOW, await senderKey(secret, address));
    if (!hit.allowed) {
      c.header('Retry-After', String(hit.retryAfterS));
      const problem = 'Too many sign-ups from your network: please wait a few minutes, then try again.';
      return json ? c.json({ ok: false, problem }, 429) : shortPage(c, 429, 'Too many requests', <p>{problem}</p>);
    }
    const mailId = await subscribe(deps.db, secret, {
      email: asked.email,
      market: c.get('market'),
      page: c.req.header('Referer')?.slice(0, 500) ?? c.req.path,
      network: await networkKey(secret, address),
    });
    // Sent after the answer; a failure stays owed and the retry job sends it.
    if (mailId !== null) keepAlive(c)(sendSubscriberMails(deps, c.get('log'), [mailId]));
    const message = `If ${asked.email} can receive mail, a link to confirm is on its way. It works for ${SUBSCRIBE_CONFIRM_HOURS} hours; your ${WELCOME_PERCENT}% code comes once you confirm.`;
    if (json) {
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true, message });
    }
    return shortPage(c, 200, 'Check your inbox', <p>{message}</p>);
  })
  .get('/newsletter/confirm/:token', async (c) => {
    const row = await subscriberByToken(c.get('deps').db, c.req.param('token'));
    if (!row || row.endedAt) return unknownLink(c);
    // One welcome code per mailbox: one welcomed before is not promised another.
    const offer = (await welcomedBefore(c.get('deps').db, row.emailKey))
      ? ''
      : ` Your ${WELCOME_PERCENT}% code for a first order comes with the welcome e-mail.`;
    return shortPage(
      c,
      200,
      'Confirm your subscription',
      <>
        <p>{`Press Confirm to receive ${NEWSLETTER_NAME} by e-mail.${offer}`}</p>
        <ActionButton action={newsletterConfirmPath(c.req.param('token'))} label="Confirm" />
      </>,
    );
  })
  .post('/newsletter/confirm/:token', async (c) => {
    const deps = c.get('deps');
    const { outcome, id, code } = await confirmSubscription(deps.db, c.req.param('token'));
    if (outcome === 'unknown') return unknownLink(c);
    if (outcome === 'lapsed') {
      return shortPage(
        c,
        410,
        'This link has expired',
        <>
          <p>{`Confirmation links work for ${SUBSCRIBE_CONFIRM_HOURS} hours. Sign up again and confirm the new link.`}</p>
          <NewsletterForm />
        </>,
      );
    }
    // The code is made at Stripe and its welcome mailed after the answer; if Stripe refuses, the scheduled run makes it.
    if (outcome === 'confirmed' && id !== undefined) {
      const log = c.get('log');
      keepAlive(c)(makeWelcomeCodes({ ...deps, log }, id).then((ids) => sendSubscriberMails(deps, log, ids)));
    }
    return shortPage(
      c,
      200,
      "You're subscribed",
      <p>
        {code
          ? `Thank you. Your ${WELCOME_PERCENT}% code for a first order is on its way in the welcome e-mail; new articles follow when they are published.`
          : outcome === 'already'
            ? 'Thank you: you are subscribed already. New articles follow when they are published.'
            : 'Thank you, and welcome back: new articles follow when they are published (the welcome code comes once for each mailbox).'}
      </p>,
    );
  })
  .get('/newsletter/leave/:token', async (c) => {
    const row = await subscriberByToken(c.get('deps').db, c.req.param('token'));
    if (!row) return unknownLink(c);
    return shortPage(
      c,
      200,
      `Leave ${NEWSLETTER_NAME}`,
      <>
        <p>Press Leave and this address gets no more of its e-mails. Your orders' e-mails are not affected.</p>
        <ActionButton action={newsletterLeavePath(c.req.param('token'))} label="Leave" />
      </>,
    );
  })
  .post('/newsletter/leave/:token', async (c) => {
    const row = await subscriberByToken(c.get('deps').db, c.req.param('token'));
    if (!row) return unknownLink(c);
    const ended = await leaveByToken(c.get('deps').db, c.req.param('token'));
    c.get('log')('info', 'newsletter left', { ended });
    return shortPage(
      c,
      200,
      'You have left',
      <p>{`This address gets no more of ${NEWSLETTER_NAME}'s e-mails. Your orders' e-mails are not affected.`}</p>,
    );
  });
