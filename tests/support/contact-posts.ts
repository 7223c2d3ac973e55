import { count } from 'drizzle-orm';
import type { ContactResponse } from '#shared/contact/form.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { BROWSER_UA } from './html';
import type { TestApp } from './test-app';

/** A message that passes every field check. */
export const validContact = {
  name: 'Ada Shooter',
  email: 'ada@example.com',
  phone: '',
  subject: 'Order Status',
  message: 'Where is my order?',
};

/** How many contact messages the app's database holds. */
export async function savedCount(app: TestApp): Promise<number> {
  return (await app.deps.db.select({ n: count() }).from(formSubmissions))[0]!.n;
}

/** A post to the island's JSON API. */
export async function postContactJson(app: TestApp, body: Record<string, string>) {
  const res = await fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ContactResponse };
}

/** The plain-HTML form's post, from the shop's own page (Origin), redirects not followed. */
export async function postContactForm(app: TestApp, fields: Record<string, string>) {
  const res = await fetch(`${app.url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER_UA, Origin: app.url },
    body: new URLSearchParams(fields),
  });
  return { res, html: await res.text() };
}
