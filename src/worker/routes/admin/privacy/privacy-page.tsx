import { PERSONAL_DATA } from '#shared/privacy/personal-data.ts';
import { erasureLines, type ErasureReport } from '#shared/privacy/erasure-report.ts';
import type { PersonExport } from '#worker/privacy/person-export.ts';
import { cell, Field, FormOnce, Section, Submit, Table } from '#worker/routes/admin-frame/admin-ui.tsx';

/** The look-up: whose data (any spelling of the address finds every record). */
export function LookUpForm({ address = '', problem }: { address?: string; problem?: string }) {
  return (
    <form method="post" action="/admin/privacy" className="flex flex-col gap-3" noValidate>
      <Field
        label="E-mail address"
        name="email"
        type="email"
        required
        maxLength={254}
        defaultValue={address}
        hint="Any case. Other spellings (+tags, Gmail dots) are found and listed; where the mail service may deliver them elsewhere you confirm them."
        aria-invalid={problem ? true : undefined}
      />
      <Submit>Show what we hold</Submit>
    </form>
  );
}

/** /admin/privacy: the look-up, and the map of every kind of personal data the shop keeps. */
export function PrivacyPage() {
  return (
    <>
      <Section title="A person’s data" id="privacy-look-up">
        <p>
          Answer “what do you hold on me?” (within a month) and “erase me”: look the address up, download it as JSON, or erase it. The same
          as <code>npm run privacy -- export|erase</code>.
        </p>
        <LookUpForm />
      </Section>
      <Section title="What the shop keeps, and for how long" id="privacy-map">
        <Table
          caption="Each kind of personal data: where it is, why, and how long it is kept"
          head={['Kind', 'Where', 'Basis', 'Kept', 'On erasure']}
        >
          {PERSONAL_DATA.map((d) => (
            <tr key={d.kind}>
              <td className={cell}>{d.what}</td>
              <td className={`${cell} font-mono text-xs`}>
                {Object.entries(d.holds)
                  .map(([table, columns]) => `${table}: ${columns.join(', ')}`)
                  .join('; ') || '(not in the database)'}
              </td>
              <td className={cell}>{d.basis}</td>
              <td className={cell}>{d.kept}</td>
              <td className={cell}>{d.onErasure}</td>
            </tr>
          ))}
        </Table>
        <p>
          The scheduled job carries these periods out every hour; by hand: <code>npm run privacy -- retention [--dry-run]</code>.
        </p>
      </Section>
    </>
  );
}

/** A record's fields as a definition list: nested values as compact JSON. */
function Record({ fields }: { fields: object }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 rounded-md border border-stone-200 p-3 text-sm">
      {Object.entries(fields).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium">{key}</dt>
          <dd className="[overflow-wrap:anywhere]">
            {value === null || value === undefined ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const SECTIONS = [
  ['orders', 'Orders'],
  ['contactMessages', 'Contact messages'],
  ['reviews', 'Reviews'],
  ['backInStockRequests', 'Back-in-stock requests'],
  ['checkoutReminders', 'Checkout reminders'],
  ['yourOrdersLinks', '“Your orders” links'],
] as const;

/** The request's address and the spellings confirmed with it, carried by each form of the page. */
function Subject({ address, also }: { address: string; also: readonly string[] }) {
  return (
    <>
      <input type="hidden" name="email" value={address} />
      {also.map((a, i) => (
        <input key={a} type="hidden" name={`also-${i}`} value={a} />
      ))}
    </>
  );
}

/**
 * Spellings found under the address's fold that may be another person's mailbox (a +tag at a domain
 * that does not deliver it to the same one): shown apart, taken only when the owner ticks them.
 */
function OtherSpellings({ address, also, left }: { address: string; also: readonly string[]; left: readonly string[] }) {
  if (left.length === 0) return null;
  return (
    <form method="post" action="/admin/privacy" className="flex flex-col gap-2 rounded-md border border-amber-300 p-3" data-spellings-left>
      <input type="hidden" name="email" value={address} />
      <fieldset className="flex flex-col gap-1">
        <legend className="font-semibold">Other spellings found, not included</legend>
        <p className="text-sm">Their mail service may deliver them to another person. Tick those you have checked are this person’s.</p>
        {[...also, ...left].map((spelling, i) => (
          <label key={spelling} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={`also-${i}`} value={spelling} defaultChecked={also.includes(spelling)} />
            <span>{spelling}</span>
          </label>
        ))}
      </fieldset>
      <Submit tone="secondary">Show with the ticked spellings</Submit>
    </form>
  );
}

/** One person's data, readable, with the erasure said in words before its button. */
export function PersonPage({ data, plan, also }: { data: PersonExport; plan: ErasureReport; also: readonly string[] }) {
  return (
    <>
      <Section title={`Held on ${data.about}`} id="privacy-person">
        <p>{data.matching}</p>
        <p>{`Found as: ${data.addresses.join(', ') || 'nothing'}.`}</p>
        <OtherSpellings address={data.about} also={also} left={plan.spellings.left} />
        <form method="post" action="/admin/privacy/export">
          <Subject address={data.about} also={also} />
          <Submit tone="secondary">Download as JSON</Submit>
        </form>
        {SECTIONS.map(([key, title]) => {
          const rows = data[key] as object[];
          return (
            <div key={key} className="flex flex-col gap-2" data-privacy-kind={key} data-count={rows.length}>
              <h3 className="font-semibold">{`${title} (${rows.length})`}</h3>
              {rows.map((row, i) => (
                <Record key={i} fields={row} />
              ))}
            </div>
          );
        })}
        <p>{`Referral code: ${data.referralCode?.code ?? 'none'}. Marketing mail: ${data.noMarketingMail ? 'opted out' : 'not opted out'}.`}</p>
      </Section>
      <Section title="Erase" id="privacy-erase">
        <ul className="list-disc pl-5">
          {erasureLines(plan, false).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <form method="post" action="/admin/privacy/erase" className="flex flex-col gap-3">
          <FormOnce />
          <Subject address={data.about} also={also} />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" required />
            <span>{`I have checked it is ${data.about} asking, and want this done. It cannot be undone.`}</span>
          </label>
          <Submit tone="danger">Erase personal data</Submit>
        </form>
      </Section>
    </>
  );
}

/** After the erasure: what was done, and what is left to the owner. */
export function ErasedPage({ report }: { report: ErasureReport }) {
  return (
    <Section title={`Erased: ${report.address}`} id="privacy-erased">
      <ul className="list-disc pl-5" data-erased>
        {erasureLines(report, true).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        <a href="/admin/privacy" className="underline">
          Another request
        </a>
      </p>
    </Section>
  );
}
