import { expect, vi } from 'vitest';
import type { PostmarkEmulator } from './postmark-emulator';
import type { TestWorker } from './worker';

/** A same-site form post to the built Worker, with the admin cookie when given; redirects not followed. */
export const form = (fields: Record<string, string>, cookie?: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://shop.example', ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/** Asks the Worker for a sign-in link as `email`, follows the one Postmark's emulation received: the answers, the token and the session cookie. */
export async function signInOnEdge(worker: TestWorker, postmark: PostmarkEmulator, email: string) {
  const asked = await worker.get('/admin/sign-in', form({ email }));
  await asked.text();
  const mail = await vi.waitFor(
    () => {
      const found = postmark.accepted.map((m) => m.body as { To: string; TextBody: string }).find((m) => m.To === email.toLowerCase());
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 10_000 },
  );
  const token = /token=([\w-]{43})/.exec(mail.TextBody)![1]!;
  const signedIn = await worker.get('/admin/sign-in/link', form({ token }));
  const cookie = signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('__Host-admin='))
    ?.split(';')[0];
  return { asked, signedIn, token, cookie: cookie ?? '' };
}
