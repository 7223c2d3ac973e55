import type { owedMailRows } from '#worker/jobs/retry-owed-mail.ts';
import { cell, FormOnce, Section, Submit, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

/** A message's delivery state in words (an order's and a contact message's mail go in pairs: to the shop and to the shopper). */
const STATUS_WORDS: Record<string, string> = {
  pending: 'not sent yet',
  failed: 'failing',
  partial: 'one of its two mails went',
  success: 'sent',
};

/** /admin/mail: every message the shop still owes, with its attempts and last error, and one button to try them all now. */
export function MailPage({ rows, provider }: { rows: Awaited<ReturnType<typeof owedMailRows>>; provider: string }) {
  return (
    <>
      <p>{`Mail goes through ${provider}. Owed mail is tried again on a schedule; the button tries every owed message now.`}</p>
      <form method="post" action="/admin/mail/retry">
        <FormOnce />
        <Submit>Try again now</Submit>
      </form>
      <Section title={`Owed and failed (${rows.length})`} id="owed">
        {rows.length === 0 ? (
          <p>All mail has gone.</p>
        ) : (
          <Table caption="Mail not yet delivered, oldest first" head={['Kind', 'About', 'Since', 'Attempts', 'Status', 'Last error']}>
            {rows.map((r) => (
              <tr key={`${r.kind}-${r.id}`} data-owed-mail>
                <td className={cell}>{r.kind}</td>
                <td className={cell}>{r.about}</td>
                <td className={cell}>{when(r.createdAt)}</td>
                <td className={cell}>{r.attempts}</td>
                <td className={cell}>{STATUS_WORDS[r.status] ?? r.status}</td>
                <td className={`${cell} max-w-xs break-words`}>{r.error ?? ''}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </>
  );
}
