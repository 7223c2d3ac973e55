import { orderCursor, SEARCH_MIN, type OrderQuery } from '#shared/admin/admin-rules.ts';
import { buyerText } from '#shared/admin/admin-rules.ts';
import { formatMinor } from '#shared/money.ts';
import { FULFILMENT_STATUSES, PAYMENT_STATUSES } from '#shared/orders/order-status.ts';
import { shortStanding } from '#shared/timeline/standing.ts';
import type { orderPage } from '#worker/order-reads/order-lists.ts';
import { cell, Choice, Section, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

const words = (status: string) => status.replaceAll('_', ' ');

/** A status filter: any, or one of `statuses` in words. */
const filterOf = (statuses: readonly string[]) => statuses.map((status) => ({ value: status, label: words(status) }));

/**
 * /admin/orders: newest first, filtered by either status, found by any part of a number, name or e-mail,
 * 25 a page. Each row says where the order stands in words (the payment and the goods, an exchange as
 * one) and the shopping agent it came through; the raw statuses are only the filters'.
 */
export function OrdersPage({
  query,
  page,
  agents,
}: {
  query: OrderQuery;
  page: Awaited<ReturnType<typeof orderPage>>;
  /** The shopping agent each order came through, by number (UCP). */
  agents: ReadonlyMap<string, string>;
}) {
  const last = page.rows.at(-1);
  const next = new URLSearchParams();
  if (query.status) next.set('status', query.status);
  if (query.fulfilment) next.set('fulfilment', query.fulfilment);
  if (query.typed) next.set('q', query.typed);
  if (last) next.set('before', orderCursor(last));
  return (
    <>
      <form method="get" action="/admin/orders" className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Order number, name or e-mail (any part)</span>
          <input
            name="q"
            type="search"
            defaultValue={query.typed}
            maxLength={254}
            className="rounded-md border border-stone-400 px-3 py-2 text-base"
          />
        </label>
        <Choice label="Payment" name="status" any="Any" options={filterOf(PAYMENT_STATUSES)} defaultValue={query.status ?? ''} />
        <Choice
          label="Fulfilment"
          name="fulfilment"
          any="Any"
          options={filterOf(FULFILMENT_STATUSES)}
          defaultValue={query.fulfilment ?? ''}
        />
        <button type="submit" className="btn btn-primary">
          Find
        </button>
      </form>
      <Section title={query.before ? 'Orders (older)' : 'Orders'} id="orders">
        {page.rows.length === 0 ? (
          <p>
            {query.search && 'tooShort' in query.search
              ? `Type at least ${SEARCH_MIN} characters of an order number, a name or an e-mail address.`
              : query.typed
                ? `No orders match “${query.typed}”.`
                : 'No orders match.'}
          </p>
        ) : (
          <Table caption="Orders, newest first" head={['Order', 'Placed', 'Where it stands', 'Total', 'Buyer']}>
            {page.rows.map((o) => (
              <tr key={o.number} data-admin-order={o.number}>
                <td className={cell}>
                  <a href={`/admin/orders/${o.number}`} className="font-mono underline">
                    {o.number}
                  </a>
                </td>
                <td className={cell}>{when(o.createdAt)}</td>
                <td className={cell}>
                  {shortStanding(o)}
                  {agents.has(o.number) && (
                    <span data-order-agent={agents.get(o.number)}>{` · through agent ${agents.get(o.number)}`}</span>
                  )}
                </td>
                <td className={cell}>{formatMinor(o.total, o.currency)}</td>
                <td className={cell}>{buyerText(o)}</td>
              </tr>
            ))}
          </Table>
        )}
        {page.more && (
          <p className="mt-3">
            <a href={`/admin/orders?${next}`} className="underline" rel="next">
              Older orders
            </a>
          </p>
        )}
      </Section>
    </>
  );
}
