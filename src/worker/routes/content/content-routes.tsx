import { Hono } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { serveStaticPage } from '#worker/render/page.tsx';
import * as about from './about-page.tsx';
import * as faq from './faq-page.tsx';
import * as privacyPolicy from './privacy-policy-page.tsx';
import * as returns from './returns-page.tsx';
import * as shippingPolicy from './shipping-policy-page.tsx';
import * as termsOfService from './terms-of-service-page.tsx';

/** About, FAQ and the policy pages: fixed server-rendered content, no islands, each served at its head's path. */
export const contentRoutes = new Hono<AppEnv>();

for (const page of [about, faq, privacyPolicy, termsOfService, shippingPolicy, returns]) {
  contentRoutes.get(page.head.path, serveStaticPage(page));
}
