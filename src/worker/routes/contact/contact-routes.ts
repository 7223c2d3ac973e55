import { Hono } from 'hono';
import { parseContactOutcome } from '#shared/contact/status.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { contactBodyLimit, postContact } from './contact-post';
import { renderContactPage } from './render-contact-page';

/**
 * The contact page and its one post handler. /api/contact answers as /contact does when asked for
 * JSON, for pages still carrying the island that posted there.
 */
export const contactRoutes = new Hono<AppEnv>()
  .get('/contact', (c) => renderContactPage(c, { outcome: parseContactOutcome(c.req.query('sent')) }))
  .on('POST', ['/contact', '/api/contact'], contactBodyLimit, postContact);
