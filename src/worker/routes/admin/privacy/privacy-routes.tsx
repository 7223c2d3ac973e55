import { Hono } from 'hono';
import { readSubjectAddress } from '#shared/privacy/subject-address.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { erasePerson, planOf } from '#worker/privacy/person-erasure.ts';
import { exportFileName, personExport } from '#worker/privacy/person-export.ts';
import { personRecords } from '#worker/privacy/person-records.ts';
import { adminPage, claimForm, type AdminContext } from '#worker/routes/admin-frame/admin-context.tsx';
import type { AdminEnv } from '#worker/routes/admin-frame/admin-guard.tsx';
import { Problem } from '#worker/routes/admin-frame/admin-ui.tsx';
import { ErasedPage, LookUpForm, PersonPage, PrivacyPage } from './privacy-page.tsx';

const TITLE = 'Privacy';

/** At most this many other spellings are confirmed in one request (a person has a few; a form posting more is refused by reading no more). */
const MOST_ALSO = 20;

/** The other spellings the owner ticked as the same person's (`also-0`, `also-1`, …): well-formed ones only. */
const alsoOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .filter(([key]) => /^also-\d+$/.test(key))
    .flatMap(([, value]) => readSubjectAddress(value) ?? [])
    .slice(0, MOST_ALSO);

/** The address a form names (with the spellings confirmed with it), or the look-up again with what is wrong (400). */
async function askedAddress(c: AdminContext): Promise<{ address: string; also: string[]; fields: Record<string, string> } | Response> {
  const fields = await readFields(c);
  const address = readSubjectAddress(fields.email);
  if (address) return { address, also: alsoOf(fields), fields };
  return adminPage(
    c,
    TITLE,
    <>
      <Problem text="Enter the e-mail address the request is about, like name@example.com." />
      <LookUpForm address={fields.email?.slice(0, 254)} problem="invalid" />
    </>,
    400,
  );
}

/**
 * The owner's side of people's rights (issue 67): look an address up (its mailbox, and other spellings found once the owner ticks them), read it, take
 * it as JSON, and erase it after the words say what goes and what the law keeps. Addresses travel in
 * POST bodies only, never in URLs (which logs and histories keep).
 */
export const privacyRoutes = new Hono<AdminEnv>()
  .get('/admin/privacy', (c) => adminPage(c, TITLE, <PrivacyPage />))
  .post('/admin/privacy', async (c) => {
    const asked = await askedAddress(c);
    if (asked instanceof Response) return asked;
    const deps = c.get('deps');
    const records = await personRecords(deps.db, deps.settings.RATE_LIMIT_SECRET, asked.address, 'mailbox', asked.also);
    const plan = planOf(records, asked.address, deps.db.$client.protocol === 'file' ? 'file' : 'hosted');
    return adminPage(c, TITLE, <PersonPage data={personExport(records, asked.address, 'mailbox')} plan={plan} also={asked.also} />);
  })
  .post('/admin/privacy/export', async (c) => {
    const asked = await askedAddress(c);
    if (asked instanceof Response) return asked;
    const deps = c.get('deps');
    const records = await personRecords(deps.db, deps.settings.RATE_LIMIT_SECRET, asked.address, 'mailbox', asked.also);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(asked.address)}"`);
    return c.json(personExport(records, asked.address, 'mailbox'));
  })
  .post('/admin/privacy/erase', async (c) => {
    const asked = await askedAddress(c);
    if (asked instanceof Response) return asked;
    if (asked.fields.confirm !== 'yes') {
      return adminPage(c, TITLE, <Problem text="Tick the box to confirm the erasure: nothing was erased." />, 400);
    }
    const again = await claimForm(c, asked.fields, '/admin/privacy');
    if (again) return again;
    const report = await erasePerson({ ...c.get('deps'), log: c.get('log') }, asked.address, asked.also);
    return adminPage(c, TITLE, <ErasedPage report={report} />);
  });
