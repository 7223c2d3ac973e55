import type { Logger } from '#worker/base/log.ts';
import { startPostmarkEmulator, type PostmarkEmulator } from './postmark-emulator';
import { startStripeEmulator, type StripeEmulator } from './stripe-emulator';
import { startTestApp, type TestApp } from './test-app';

export interface PaymentsApp {
  /** The webhook signing secret the app was started with. */
  secret: string;
  stripe: StripeEmulator;
  postmark: PostmarkEmulator;
  app: TestApp;
  /** The shop restarted on the same database (the emulators go on); `app` is the new one. */
  restart(): Promise<TestApp>;
  close(): Promise<void>;
}

/**
 * The Node app over HTTP with Stripe's and Postmark's emulations, as the order tests run it: signed
 * webhooks with `secret`, every mail through Postmark, the shop's copies to ORDERS_TO_EMAIL.
 */
export async function startPaymentsApp(
  secret: string,
  log: Logger,
  env: Record<string, string> = {},
  opts: { pageCache?: boolean } = {},
): Promise<PaymentsApp> {
  const [stripe, postmark] = await Promise.all([startStripeEmulator(), startPostmarkEmulator()]);
  const app = await startTestApp({
    env: {
      ...stripe.env,
      STRIPE_WEBHOOK_SECRET: secret,
      POSTMARK_SERVER_TOKEN: postmark.token,
      POSTMARK_API_URL: postmark.url,
      ORDERS_TO_EMAIL: 'orders@strikepoint-training.com',
      SITE_URL: 'https://shop.example',
      ...env,
    },
    log,
    ...opts,
  });
  const running: PaymentsApp = {
    secret,
    stripe,
    postmark,
    app,
    async restart() {
      running.app = await running.app.restart();
      return running.app;
    },
    close: async () => {
      await Promise.all([running.app.close(), stripe.close(), postmark.close()]);
    },
  };
  return running;
}
