import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { aboutPage } from '../pages/content/about-page';
import type { ContentPage } from '../pages/content/content-page';
import { faqPage } from '../pages/content/faq-page';
import { privacyPolicyPage } from '../pages/content/privacy-policy-page';
import { returnsPage } from '../pages/content/returns-page';
import { shippingPolicyPage } from '../pages/content/shipping-policy-page';
import { termsOfServicePage } from '../pages/content/terms-of-service-page';

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
