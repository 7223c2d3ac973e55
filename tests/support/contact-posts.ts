import { count } from 'drizzle-orm';
import { CONTACT_FILL_FIELD, type ContactResponse } from '#shared/contact/form.ts';
import { fillTokenFor } from '#worker/contact/fill-time.ts';
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

/**
 * The form's token as a person's page carries it: rendered 10 s before the post (the shop's fill check,
 * 3 s by default, is on in these tests as in a shop).
 */
export const personsFormToken = (app: TestApp) => fillTokenFor(app.deps.settings, Date.now() - 10_000);

/** A post to the island's JSON API; without a form token of its own, a person's. */
export async function postContactJson(app: TestApp, body: Record<string, string>) {
  const res = await fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ [CONTACT_FILL_FIELD]: await personsFormToken(app), ...body }),
  });
  return { status: res.status, body: (await res.json()) as ContactResponse };
}

/** The plain-HTML form's post, from the shop's own page (Origin), redirects not followed; without a form token of its own, a person's. */
export async function postContactForm(app: TestApp, fields: Record<string, string>) {
  const res = await fetch(`${app.url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER_UA, Origin: app.url },
    body: new URLSearchParams({ [CONTACT_FILL_FIELD]: await personsFormToken(app), ...fields }),
  });
  return { res, html: await res.text() };
}
