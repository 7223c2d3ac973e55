import { accountLines } from '#shared/after-sale/account-lines.ts';
import { formatMinor } from '#shared/money.ts';
import { refundable, type Ledger } from '#shared/after-sale/order-ledger.ts';
import { lineName, type StoredOrder } from '#worker/orders/order-queries.ts';
import { cell, Table } from '#worker/routes/admin-frame/admin-ui.tsx';

/** What went back of the exchange differences' own charges, in words ('' when nothing did). */
function differencesBack(ledger: Ledger, money: (minor: number) => string) {
  const back = [...ledger.differences.values()].reduce((t, d) => t + d.givenBack, 0);
  return back > 0 ? `, ${money(back)} of it refunded` : '';
}

/**
 * The order's after-sale account in figures: what was paid, what went back and how, what is left; each
 * account (the charge, each difference, each credit code) on its own row; units asked and back per product.
 */
export function Account({ order, ledger }: { order: StoredOrder; ledger: Ledger }) {
  const money = (minor: number) => formatMinor(minor, order.currency);
  const rows: Array<[string, string]> = [
    ['Paid', money(ledger.facts.total)],
    ...(ledger.facts.creditPaid > 0
      ? [
          ['Paid with store credit', `${money(ledger.facts.creditPaid)} (${money(ledger.creditRestored)} given back as credit)`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Refunded (confirmed by Stripe)', money(ledger.confirmed)],
    ...(ledger.pending > 0 ? [['Refunds asked, not yet confirmed', money(ledger.pending)] as [string, string]] : []),
    ...(ledger.creditIssued > 0
      ? [
          ['Store credit issued', `${money(ledger.creditIssued)} (for ${money(ledger.creditBasis)} of the payment)`] as [string, string],
          ['Store credit spent', money(ledger.creditSpent)] as [string, string],
        ]
      : []),
    ...(ledger.exchangeBasis > 0
      ? [
          [
            'Exchanged',
            `${money(ledger.exchangeBasis)} of the payment; difference paid ${money(ledger.differencePaid)}${differencesBack(ledger, money)}`,
          ] as [string, string],
        ]
      : []),
    ['Left to refund', money(refundable(ledger))],
  ];
  return (
    <>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm" data-account-left={refundable(ledger)}>
        {rows.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
      </dl>
      <Table caption="Money, per account" head={['Account', 'In', 'Out', 'Holds', 'State']}>
        {accountLines(ledger).map((line) => (
          <tr key={line.account} data-account={line.kind} data-holds={line.holds}>
            <td className={cell}>{line.account}</td>
            <td className={cell}>{money(line.in)}</td>
            <td className={cell}>{money(line.out)}</td>
            <td className={cell}>{money(line.holds)}</td>
            <td className={cell}>{line.state || '-'}</td>
          </tr>
        ))}
      </Table>
      <Table caption="Units, per product" head={['Product', 'Bought', 'Asked back', 'Received', 'Fit to sell']}>
        {[...ledger.units].map(([id, u]) => (
          <tr key={id}>
            <td className={cell}>{lineName(order, id)}</td>
            <td className={cell}>{u.bought}</td>
            <td className={cell}>{u.asked}</td>
            <td className={cell}>{u.received}</td>
            <td className={cell}>{u.fit}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
