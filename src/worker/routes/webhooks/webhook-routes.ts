import { Hono } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { stripeWebhook } from './stripe-webhook.ts';
import { postmarkWebhook } from './postmark-webhook.ts';

/** What third parties post to the shop, each verified before it is believed. */
export const webhookRoutes = new Hono<AppEnv>().post('/webhooks/stripe', stripeWebhook).post('/webhooks/postmark', postmarkWebhook);
