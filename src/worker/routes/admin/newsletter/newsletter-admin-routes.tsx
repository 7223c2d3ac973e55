import { Hono } from 'hono';
import { setFlash } from '#worker/http/flash-cookie.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { lastMailings, sendPostAgain } from '#worker/newsletter/post-mailings.ts';
import { subscriberOverview } from '#worker/newsletter/subscriptions.ts';
import { adminPage, claimForm } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { NewsletterPage } from './newsletter-page.tsx';

/** The Digest by e-mail in the back office (issue 68): who is subscribed, what went, and a post sent again to those who joined since. */
export const newsletterAdminRoutes = new Hono<AdminEnv>()
  .get('/admin/newsletter', async (c) => {
    const { db } = c.get('deps');
    const [overview, mailings] = await Promise.all([subscriberOverview(db), lastMailings(db)]);
    return adminPage(c, 'Newsletter', <NewsletterPage overview={overview} mailings={mailings} />);
  })
  .post('/admin/newsletter/:post{[0-9]{1,9}}/send-again', async (c) => {
    const again = await claimForm(c, await readFields(c), '/admin/newsletter');
    if (again) return again;
    const recipients = await sendPostAgain(c.get('deps').db, Number(c.req.param('post')));
    setFlash(c, { tone: 'info', text: `Queued: the post now goes to ${recipients} subscribers in all (each once).` }, 'admin');
    return c.redirect('/admin/newsletter', 303);
  });
