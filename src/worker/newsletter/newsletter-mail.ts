import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { WELCOME_PERCENT } from '#shared/newsletter/newsletter-rules.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { blogPosts } from '#worker/posts/post-tables.ts';
import { newsletterSends, subscriberMails, subscribers } from '#worker/newsletter/newsletter-tables.ts';
import { sendOwedNow, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { confirmSubscribeEmail, postEmail, welcomeEmail } from './newsletter-email.ts';
import { welcomedBefore } from './subscriptions.ts';

/** A sign-up's mail (its confirmation link, or the welcome with its code), written from the subscription as it stands when sent. */
export const subscriberMail: OwedMailKind<typeof subscriberMails> = {
  name: 'newsletter',
  table: subscriberMails,
  async mails(deps, row) {
    const [s] = await deps.db.select().from(subscribers).where(eq(subscribers.id, row.subscriberId));
    if (!s?.email) throw new Error(`newsletter mail ${row.id} has no live subscription`);
    const subscriber = { email: s.email, token: s.token, market: s.market };
    if (row.kind === 'confirm') {
      const offersCode = !(await welcomedBefore(deps.db, s.emailKey));
      return { notification: confirmSubscribeEmail(subscriber, deps.settings, offersCode), confirmation: null };
    }
    if (!s.welcomeCode) throw new Error(`newsletter mail ${row.id}: no welcome code`);
    return { notification: welcomeEmail({ ...subscriber, code: s.welcomeCode }, deps.settings), confirmation: null };
  },
};

/** A post to one subscriber (the broadcast stream). */
export const postSendMail: OwedMailKind<typeof newsletterSends> = {
  name: 'newsletter post',
  table: newsletterSends,
  async mails(deps, row) {
    const [[s], [post]] = await Promise.all([
      deps.db.select().from(subscribers).where(eq(subscribers.id, row.subscriberId)),
      deps.db.select().from(blogPosts).where(eq(blogPosts.id, row.postId)),
    ]);
    // A subscription that ended takes its unsent posts with it; this is the race's other side.
    if (!s?.email || s.endedAt || !post) throw new Error(`newsletter post ${row.id} has no live subscription or post`);
    return {
      notification: postEmail({ id: s.id, email: s.email, token: s.token, market: s.market }, post, deps.settings),
      confirmation: null,
    };
  },
};

/** The most mails one call sends; the rest wait for the retry job (a minute or so). */
const MAILS_AT_ONCE = 20;

/** Sends these owed sign-up mails now; never throws: what fails stays owed for the retry job. */
export async function sendSubscriberMails(deps: MailDeps, log: Logger, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await sendOwedNow(subscriberMail, deps, log, inArray(subscriberMails.id, ids.slice(0, MAILS_AT_ONCE)), MAILS_AT_ONCE);
  } catch (err) {
    log('error', 'newsletter mail failed', { ids: ids.length, ...errorFields(err) });
  }
}

/**
 * Makes confirmed subscribers' welcome codes at Stripe (single use, first order, WELCOME_PERCENT off),
 * then owes each its welcome mail (once: unique per subscription and kind). `only` one subscription (its
 * confirmation, now), or up to 20 waiting (the scheduled run, after Stripe refused). The ids of the
 * welcome mails now owed, to send.
 */
export async function makeWelcomeCodes(
  deps: MailDeps & { gateway: CheckoutGateway | null; log: Logger },
  only?: number,
): Promise<number[]> {
  const { gateway, db } = deps;
  if (!gateway) return [];
  const waiting = await db
    .select({ id: subscribers.id, code: subscribers.welcomeCode })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.codeMade, false),
        isNotNull(subscribers.welcomeCode),
        isNull(subscribers.endedAt),
        only === undefined ? undefined : eq(subscribers.id, only),
      ),
    )
    .limit(20);
  const owed: number[] = [];
  for (const row of waiting) {
    try {
      await gateway.createWelcomeCode({ code: row.code!, percentOff: WELCOME_PERCENT }, `newsletter-welcome-${row.code}`);
      const [, mail] = await db.batch([
        db.update(subscribers).set({ codeMade: true }).where(eq(subscribers.id, row.id)),
        db
          .insert(subscriberMails)
          .values({ subscriberId: row.id, kind: 'welcome', confirmationWanted: false })
          .onConflictDoNothing()
          .returning({ id: subscriberMails.id }),
      ]);
      owed.push(...mail.map((m) => m.id));
    } catch (err) {
      deps.log('warn', 'welcome code not made at Stripe yet (the scheduled run tries again)', errorFields(err));
    }
  }
  return owed;
}
