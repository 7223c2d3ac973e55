import { Hono } from 'hono';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { owedMailNow, owedMailRows, retryAllOwedMail } from '#worker/jobs/retry-owed-mail.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { openDisputes, ordersToShip, oversoldLines, salesOf } from '#worker/order-reads/order-lists.ts';
import { shopPeriods } from '#shared/policy/shop-time.ts';
import { commonTargets, slowestInp, vitalsP75 } from '#worker/vitals/vitals-queries.ts';
import { adminPage, claimForm, refused } from '#worker/routes/admin-frame/admin-context.tsx';
import { readFields } from '#worker/http/read-fields.ts';
import { adminGate, requireAdmin, type AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { MailPage } from './mail/mail-page.tsx';
import { orderRoutes, showOrder } from './orders/order-routes.tsx';
import { signInRoutes } from './sign-in/sign-in-routes.tsx';
import { stockNow, stockRoutes } from './stock/stock-routes.tsx';
import { catalogueRoutes } from './catalogue/catalogue-routes.tsx';
import { postRoutes } from './posts/post-routes.tsx';
import { privacyRoutes } from './privacy/privacy-routes.tsx';
import { newsletterAdminRoutes } from './newsletter/newsletter-admin-routes.tsx';
import { TodayPage } from './today-page.tsx';
import { ownerAfterSaleRoutes } from '#worker/routes/after-sale/owner-after-sale-routes.tsx';
import { REVIEW_STATES, ReviewsPage } from './reviews/reviews-page.tsx';
import { ReferralsPage } from './referrals/referrals-page.tsx';
import { referralOverview } from '#worker/referrals/referral-program.ts';
import { moderateReview, reviewList, reviewsWaiting } from '#worker/reviews/review-store.ts';
import { Problem } from '#worker/routes/admin-frame/admin-ui.tsx';
import { returnsWaiting } from '#worker/after-sale/return-queries.ts';
import { VITALS_DAYS, VitalsPage } from './vitals/vitals-page.tsx';

const DAY_MS = 86_400_000;

const office = new Hono<AdminEnv>()
  .get('/admin', async (c) => {
    const { db } = c.get('deps');
    const [toShip, disputes, mail, stock, sales, oversold, returns, reviews] = await Promise.all([
      ordersToShip(db),
      openDisputes(db),
      owedMailNow(db),
      stockNow(c),
      salesOf(db, shopPeriods()),
      oversoldLines(db),
      returnsWaiting(db),
      reviewsWaiting(db),
    ]);
    const lowStock = stock.filter((r) => r.listed && r.level !== 'In Stock');
    const data = { toShip, disputes, mail, lowStock, sales, oversold, returns, reviews };
    return adminPage(c, 'Today', <TodayPage {...data} />);
  })
  .get('/admin/reviews', async (c) => {
    const asked = c.req.query('state');
    const state = REVIEW_STATES.find((s) => s === asked) ?? 'pending';
    return adminPage(c, 'Reviews', <ReviewsPage state={state} rows={await reviewList(c.get('deps').db, state)} />);
  })
  .post('/admin/reviews/:id{[0-9]{1,9}}/:action{approve|hide|reply}', async (c) => {
    const fields = await readFields(c);
    const again = await claimForm(c, fields, '/admin/reviews');
    if (again) return again;
    const action = c.req.param('action');
    try {
      const text = await moderateReview(
        c.get('deps'),
        Number(c.req.param('id')),
        action === 'reply' ? { reply: fields.reply ?? '' } : { state: action === 'approve' ? 'approved' : 'hidden' },
      );
      setFlash(c, { tone: 'info', text }, 'admin');
      return c.redirect('/admin/reviews', 303);
    } catch (err) {
      const { text, status } = refused(err);
      return adminPage(c, 'Reviews', <Problem text={text} />, status);
    }
  })
  .get('/admin/referrals', async (c) => adminPage(c, 'Referrals', <ReferralsPage {...await referralOverview(c.get('deps').db)} />))
  .route('/', orderRoutes)
  .route('/', ownerAfterSaleRoutes(showOrder))
  .route('/', stockRoutes)
  .route('/', catalogueRoutes)
  .route('/', postRoutes)
  .route('/', privacyRoutes)
  .route('/', newsletterAdminRoutes)
  .get('/admin/vitals', async (c) => {
    const asked = Number(c.req.query('days'));
    const days = (VITALS_DAYS as readonly number[]).includes(asked) ? asked : 7;
    const since = new Date(Date.now() - days * DAY_MS).toISOString();
    const db = c.get('deps').db;
    const [rows, targets, slowest] = await Promise.all([vitalsP75(db, since), commonTargets(db, since), slowestInp(db, since)]);
    return adminPage(c, `Web Vitals, last ${days} days`, <VitalsPage days={days} rows={rows} targets={targets} slowest={slowest} />);
  })
  .get('/admin/mail', async (c) => {
    const deps = c.get('deps');
    return adminPage(c, 'Mail', <MailPage rows={await owedMailRows(deps.db)} provider={deps.mailer.kind} />);
  })
  .post('/admin/mail/retry', async (c) => {
    const again = await claimForm(c, await readFields(c), '/admin/mail');
    if (again) return again;
    const results = await retryAllOwedMail({ ...c.get('deps'), log: c.get('log') }, { ignoreBackoff: true });
    const sent = Object.values(results).reduce((n, r) => n + r.sent, 0);
    const failed = Object.values(results).reduce((n, r) => n + r.failed, 0);
    setFlash(c, { tone: failed > 0 ? 'error' : 'info', text: `${sent} delivered, ${failed} failed again.` }, 'admin');
    return c.redirect('/admin/mail', 303);
  });

/**
 * The back office (/admin, bare: no market): 404 without ADMIN_EMAILS; sign-in open to all, every
 * other page and action for a signed-in listed address only. Each action calls the same domain
 * action as the command line and records who did it.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use('/admin', adminGate)
  .use('/admin/*', adminGate)
  .route('/', signInRoutes)
  // After the sign-in routes: they answer first, so only the rest needs a signed-in owner.
  .use('/admin', requireAdmin)
  .use('/admin/*', requireAdmin)
  .route('/', office);
