import { Hono } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { servePage } from '#worker/render/page.tsx';
import * as contact from './contact-page.tsx';
import { contactBodyLimit, postContact } from './contact-post.ts';

/**
 * The contact page and its one post handler. /api/contact answers as /contact does when asked for
 * JSON, for pages still carrying the island that posted there.
 */
export const contactRoutes = new Hono<AppEnv>()
  .get('/contact', servePage(contact))
  .on('POST', ['/contact', '/api/contact'], contactBodyLimit, postContact);
