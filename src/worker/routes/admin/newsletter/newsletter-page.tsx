import type { subscriberOverview } from '#worker/newsletter/subscriptions.ts';
import type { lastMailings } from '#worker/newsletter/post-mailings.ts';
import { cell, FormOnce, Section, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

type Overview = Awaited<ReturnType<typeof subscriberOverview>>;
type Mailing = Awaited<ReturnType<typeof lastMailings>>[number];

const stateOf = (s: Overview['recent'][number]) =>
  s.endedAt
    ? `ended (${s.endReason})`
    : s.confirmedAt
      ? s.codeMade
        ? 'confirmed'
        : 'confirmed, code not made yet'
      : 'waiting for the click';

/** /admin/newsletter: the Digest's subscribers and its mailings, with a way to send a post to those who joined since. */
export function NewsletterPage({ overview, mailings }: { overview: Overview; mailings: Mailing[] }) {
  const { counts, recent } = overview;
  return (
    <>
      <Section title="Subscribers" id="newsletter-subscribers">
        <p data-subscribers={counts.confirmed}>
          {`${counts.confirmed} confirmed, ${counts.pending} waiting for their confirmation (48 hours), ${counts.left} left in the last 30 days.`}
        </p>
        {recent.length > 0 && (
          <Table caption="The newest sign-ups" head={['Signed up', 'Address', 'State', 'Welcome code']}>
            {recent.map((s) => (
              <tr key={s.id}>
                <td className={cell}>{when(s.createdAt)}</td>
                <td className={cell}>{s.email ?? '(removed)'}</td>
                <td className={cell}>{stateOf(s)}</td>
                <td className={`${cell} font-mono`}>{s.code ?? '-'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section title="Posts by e-mail" id="newsletter-mailings">
        {mailings.length === 0 ? (
          <p>No post has been mailed yet: each post published from now on goes to the confirmed subscribers once.</p>
        ) : (
          <Table caption="The last posts mailed" head={['Queued', 'Post', 'Sent', 'Still to send', 'Send again']}>
            {mailings.map((m) => (
              <tr key={m.postId} data-mailing={m.postId} data-sent={m.sent}>
                <td className={cell}>{when(m.queuedAt)}</td>
                <td className={cell}>{m.title ?? `post ${m.postId}`}</td>
                <td className={cell}>{`${m.sent} of ${m.recipients}`}</td>
                <td className={cell}>{m.owed}</td>
                <td className={cell}>
                  <form method="post" action={`/admin/newsletter/${m.postId}/send-again`}>
                    <FormOnce />
                    <button type="submit" className="underline">
                      To those who joined since
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </Table>
        )}
        <p>Unsent ones are tried again every minute; a subscriber who leaves is sent nothing more.</p>
      </Section>
    </>
  );
}
