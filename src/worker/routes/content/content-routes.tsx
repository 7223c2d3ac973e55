import { Hono } from 'hono';
import type { ComponentType } from 'react';
import type { AppEnv } from '#worker/app-context.ts';
import type { StaticHead } from '#worker/render/head.ts';
import { AboutPage, aboutHead } from './about-page';
import { FaqPage, faqHead } from './faq-page';
import { PrivacyPolicyPage, privacyPolicyHead } from './privacy-policy-page';
import { ReturnsPage, returnsHead } from './returns-page';
import { ShippingPolicyPage, shippingPolicyHead } from './shipping-policy-page';
import { TermsOfServicePage, termsOfServiceHead } from './terms-of-service-page';

/** About, FAQ and the policy pages: fixed server-rendered content, no islands, each served at its head's path. */
const pages: ReadonlyArray<[ComponentType, StaticHead]> = [
  [AboutPage, aboutHead],
  [FaqPage, faqHead],
  [PrivacyPolicyPage, privacyPolicyHead],
  [TermsOfServicePage, termsOfServiceHead],
  [ShippingPolicyPage, shippingPolicyHead],
  [ReturnsPage, returnsHead],
];

export const contentRoutes = new Hono<AppEnv>();

for (const [Page, head] of pages) {
  contentRoutes.get(head.path, (c) => c.render(<Page />, head(c.get('deps').settings.SITE_URL)));
}
