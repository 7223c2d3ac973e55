import { Hono } from 'hono';
import type { AppEnv } from '#worker/app-context.ts';
import { serveStaticPage } from '#worker/render/page.tsx';
import * as about from './about';
import * as faq from './faq';
import * as privacyPolicy from './privacy-policy';
import * as returns from './returns';
import * as shippingPolicy from './shipping-policy';
import * as termsOfService from './terms-of-service';

/** About, FAQ and the policy pages: fixed server-rendered content, no islands, each served at its head's path. */
export const contentRoutes = new Hono<AppEnv>();

for (const page of [about, faq, privacyPolicy, termsOfService, shippingPolicy, returns]) {
  contentRoutes.get(page.head.path, serveStaticPage(page));
}
