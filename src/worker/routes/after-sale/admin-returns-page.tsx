import { formatMinor } from '#shared/money.ts';
import { OUTCOME_NAMES, REASON_NAMES, type ReturnState } from '#shared/after-sale/return-rules.ts';
import type { returnList } from '#worker/after-sale/return-queries.ts';
import { cell, Section, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

/** The list's filters: what waits for the shop (the default), or one state. */
export const RETURN_FILTERS: Record<'waiting' | ReturnState, readonly ReturnState[]> = {
  waiting: ['requested', 'accepted'],
  requested: ['requested'],
  accepted: ['accepted'],
  refused: ['refused'],
  received: ['received'],
};

const FILTER_WORDS: Record<keyof typeof RETURN_FILTERS, string> = {
  waiting: 'Waiting for you',
  requested: 'To answer',
  accepted: 'To receive',
  refused: 'Refused',
  received: 'Settled',
};

/** /admin/returns?state=…: return and warranty requests, newest first, each linking to its order where it is handled. */
export function ReturnsPage({ filter, rows }: { filter: keyof typeof RETURN_FILTERS; rows: Awaited<ReturnType<typeof returnList>> }) {
  return (
    <>
      <nav aria-label="Which requests" className="flex flex-wrap gap-3 text-sm">
        {Object.keys(RETURN_FILTERS).map((f) => (
          <a
            key={f}
            href={`/admin/returns?state=${f}`}
            aria-current={f === filter ? 'page' : undefined}
            className="underline aria-[current=page]:font-bold"
          >
            {FILTER_WORDS[f as keyof typeof RETURN_FILTERS]}
          </a>
        ))}
      </nav>
      <Section title={`${FILTER_WORDS[filter]} (${rows.length === 50 ? '50 newest' : rows.length})`} id="return-list">
        {rows.length === 0 ? (
          <p>No requests here.</p>
        ) : (
          <Table
            caption="Return and warranty requests, newest first"
            head={['Request', 'Asked', 'State', 'Why', 'Wants', 'Worth', 'Shopper']}
          >
            {rows.map((r) => (
              <tr key={r.number} data-admin-return={r.number}>
                <td className={cell}>
                  <a href={`/admin/orders/${r.orderNumber}#returns`} className="font-mono underline">
                    {r.number}
                  </a>
                </td>
                <td className={cell}>{when(r.createdAt)}</td>
                <td className={cell}>{r.state}</td>
                <td className={cell}>{REASON_NAMES[r.reason]}</td>
                <td className={cell}>{OUTCOME_NAMES[r.outcome]}</td>
                <td className={cell}>{formatMinor(r.value, r.currency)}</td>
                <td className={cell}>{r.email ?? '-'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </>
  );
}
