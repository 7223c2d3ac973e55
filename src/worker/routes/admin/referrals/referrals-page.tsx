import type { referralOverview } from '#worker/referrals/referral-program.ts';
import { cell, Section, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

/** /admin/referrals: Refer a Friend's codes issued to buyers, and the rewards their friends' first orders earned. */
export function ReferralsPage({ codes, rewards }: Awaited<ReturnType<typeof referralOverview>>) {
  return (
    <>
      <Section title={`Rewards sent (${rewards.length === 50 ? '50 newest' : rewards.length})`} id="referral-rewards">
        {rewards.length === 0 ? (
          <p>No friend has ordered with a code yet.</p>
        ) : (
          <Table caption="Rewards for friends' first orders, newest first" head={['When', 'Friend’s order', 'Referrer', 'Reward code']}>
            {rewards.map((r) => (
              <tr key={`${r.number}-${r.detail?.request}`}>
                <td className={cell}>{when(r.at)}</td>
                <td className={cell}>
                  <a href={`/admin/orders/${r.detail?.request ?? ''}`} className="font-mono underline">
                    {r.detail?.request}
                  </a>
                </td>
                <td className={cell}>{r.email ?? '-'}</td>
                <td className={`${cell} font-mono`}>{r.detail?.code}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section title={`Buyers’ codes (${codes.length === 50 ? '50 newest' : codes.length})`} id="referral-codes">
        {codes.length === 0 ? (
          <p>No codes yet: each buyer gets one with their first paid order.</p>
        ) : (
          <Table caption="Each buyer's Refer a Friend code, newest first" head={['Code', 'Buyer', 'Since', 'At Stripe']}>
            {codes.map((c) => (
              <tr key={c.id} data-referral-code={c.code}>
                <td className={`${cell} font-mono`}>{c.code}</td>
                <td className={cell}>{c.orderEmail}</td>
                <td className={cell}>{when(c.createdAt)}</td>
                <td className={cell}>{c.made ? 'yes' : 'not yet (tried again each minute)'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </>
  );
}
