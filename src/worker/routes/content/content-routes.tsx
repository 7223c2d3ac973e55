import { Hono } from 'hono';
import type { AppEnv } from '#worker/app-context.ts';
import { aboutPage } from './about-page';
import type { ContentPage } from './content-page';
import { faqPage } from './faq-page';
import { privacyPolicyPage } from './privacy-policy-page';
import { returnsPage } from './returns-page';
import { shippingPolicyPage } from './shipping-policy-page';
import { termsOfServicePage } from './terms-of-service-page';

/** About, FAQ and the policy pages: fixed server-rendered content, no islands. */
const pages: readonly ContentPage[] = [
  aboutPage,
  faqPage,
  privacyPolicyPage,
  termsOfServicePage,
  shippingPolicyPage,
  returnsPage,
];

export const contentRoutes = new Hono<AppEnv>();

for (const { path, Page, head } of pages) {
  contentRoutes.get(path, (c) => c.render(<Page />, head(c.get('deps').settings.SITE_URL)));
}
