import { disputeDashboardUrl, disputeHold, type DisputeHold } from '#shared/orders/dispute-hold.ts';
import { PostalAddress } from '#worker/components/postal-address.tsx';
import { orderTotalRows } from '#shared/orders/order-totals.ts';
import { formatMinor } from '#shared/money.ts';
import { shipRefusal } from '#shared/orders/order-status.ts';
import { ownerStanding, shortStanding } from '#shared/timeline/standing.ts';
import { type Ledger } from '#shared/after-sale/order-ledger.ts';
import { addressLines } from '#shared/orders/address-lines.ts';
import { parcelDays, stepWords } from '#worker/orders/order-steps.ts';
import { lineName, orderAmounts, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { OrderStep } from '#worker/orders/order-steps.ts';
import type { nextToShip, otherOrdersOf } from '#worker/order-reads/order-lists.ts';
import { NOTE_MAX, type notesOf } from '#worker/fulfilment/order-notes.ts';
import type { ReturnRequest } from '#worker/after-sale/return-queries.ts';
import { GoodsBackForm, RefundForm, ReturnRequests } from '#worker/routes/after-sale/order-after-sale.tsx';
import { Account } from '#worker/routes/after-sale/order-account.tsx';
import type { OrderForm, OrderProblem } from '#worker/routes/admin-frame/order-action.tsx';
import { cell, FormOnce, Problem, Section, Submit, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';
import { DeliveredForm, ShipForm } from './ship-forms.tsx';

export interface OrderDetailData {
  order: StoredOrder;
  /** Today in the shop's clock (YYYY-MM-DD): the delivered form's day unless changed. */
  today: string;
  steps: OrderStep[];
  /** Units of each product not yet asked or taken back (the ledger's returnable). */
  left: ReadonlyMap<number, number>;
  /** The order's after-sale account. */
  ledger: Ledger;
  /** Once this order has gone: the next to pack (null: none, or this one is still to ship). */
  next: Awaited<ReturnType<typeof nextToShip>>;
  /** The same shopper's other orders, newest first. */
  others: Awaited<ReturnType<typeof otherOrdersOf>>;
  /** The owner's notes, newest first (never shown to the shopper). */
  notes: Awaited<ReturnType<typeof notesOf>>;
  /** The shopper's return and warranty requests, oldest first. */
  returns: ReturnRequest[];
  /** A refused form's message and what was typed, shown on that form again. */
  problem?: OrderProblem;
  /** The shopping agent the order came through (UCP), or null. */
  agent?: string | null;
}

/** What a refused form did not do, said first at the top of the page. */
const NOT_DONE: Record<OrderForm, string> = {
  ship: 'Not shipped',
  delivered: 'Not marked delivered',
  return: 'Nothing put back',
  refund: 'Not refunded',
  note: 'Note not saved',
  request: 'Return request not changed',
};

/** At the top of a disputed order: do not ship, why, and what to do instead (in Stripe, by its deadline). */
function DisputeNotice({ hold, currency }: { hold: DisputeHold; currency: StoredOrder['currency'] }) {
  const amount = hold.amount === null ? 'the payment' : formatMinor(hold.amount, currency);
  const due = hold.dueBy ? `by ${when(hold.dueBy)}` : 'by the deadline Stripe shows';
  return (
    <section
      aria-labelledby="dispute-hold"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
      data-dispute-hold={hold.state}
    >
      <h2 id="dispute-hold" className="font-semibold">
        {hold.state === 'open' ? 'Disputed: do not ship this order' : 'Dispute lost: do not ship this order'}
      </h2>
      <p className="mt-1">
        {hold.state === 'open'
          ? `The buyer’s bank has disputed ${amount}. Shipping now could lose both the goods and the money. Send your evidence in Stripe ${due}; ship only once the dispute is won.`
          : `The buyer’s bank has taken ${amount} back. Keep the goods: nothing of this order should go out.`}
      </p>
      <p className="mt-2">
        <a href={disputeDashboardUrl(hold.dispute)} className="underline">
          {hold.state === 'open' ? 'Answer the dispute in Stripe' : 'The dispute in Stripe'}
        </a>
      </p>
    </section>
  );
}

/** The owner's notes on the order, newest first, and a box to add one. */
function Notes({ order, notes, problem }: OrderDetailData) {
  return (
    <>
      {notes.length > 0 && (
        <ul className="mb-3 flex flex-col gap-2 text-sm" data-notes={notes.length}>
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-amber-50 p-2">
              <p className="break-words whitespace-pre-wrap">{n.body}</p>
              <p className="mt-1 text-stone-600">{`${n.by}, ${when(n.at)}`}</p>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={`/admin/orders/${order.number}/note`} className="flex flex-col gap-2">
        <FormOnce />
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Add a note (only the back office sees it)</span>
          <textarea
            name="note"
            required
            maxLength={NOTE_MAX}
            rows={3}
            defaultValue={problem?.form === 'note' ? problem.fields.note : undefined}
            className="rounded-md border border-stone-400 px-3 py-2 text-base"
          />
        </label>
        <Submit tone="secondary">Save note</Submit>
      </form>
    </>
  );
}

/** /admin/orders/:number: everything about one order, and the forms for its next steps. */
export function OrderDetailPage(data: OrderDetailData) {
  const { order, steps } = data;
  const money = (minor: number) => formatMinor(minor, order.currency);
  const hold = disputeHold(steps);
  const canShip = shipRefusal(order.status, order.fulfilment, hold) === null;
  const waiting = data.returns.some((r) => r.state === 'requested' || r.state === 'accepted');
  const shipSection = (
    <Section title="Ship" id="ship">
      <p className="mb-3">
        <a href={`/admin/orders/${order.number}/slip`} className="underline">
          Packing slip (to print)
        </a>
      </p>
      <ShipForm {...data} hold={hold} />
      <DeliveredForm {...data} />
      {order.fulfilment !== 'unfulfilled' && (
        <p className="mt-2" data-next-to-ship>
          {data.next ? (
            <>
              {'Next to ship: '}
              <a href={`/admin/orders/${data.next.number}`} className="font-mono underline">
                {data.next.number}
              </a>
              {`, placed ${when(data.next.createdAt)}.`}
            </>
          ) : (
            'Nothing else to ship.'
          )}
        </p>
      )}
    </Section>
  );
  const returnsSection = (
    <Section title="Returns and warranty" id="returns">
      <ReturnRequests {...data} />
    </Section>
  );
  return (
    <>
      {/* Why the last try was refused, at the top (the form below keeps what was typed). */}
      <Problem text={data.problem && `${NOT_DONE[data.problem.form]}: ${data.problem.text}`} />
      {hold && <DisputeNotice hold={hold} currency={order.currency} />}
      <p className="font-semibold" data-order-status={order.status} data-fulfilment={order.fulfilment}>
        {/* The money and the goods in a few words (an exchange is named as one), then what it means for the parcel. */}
        {`${shortStanding(order)}. `}
        <span className="font-normal">{ownerStanding({ ...order, ...parcelDays(order, steps) }, hold).join(' ')}</span>
      </p>
      {data.agent && (
        <p
          data-order-agent={data.agent}
        >{`Bought through the shopping agent “${data.agent}” (UCP): it reads this order and hears of each step.`}</p>
      )}
      {/* Task first: what the order needs next opens the page (Shopify's order page puts its primary action first). */}
      {canShip && shipSection}
      {waiting && returnsSection}
      <Section title="Lines and totals" id="lines">
        <Table caption="What the order bought" head={['Product', 'Quantity', 'Amount']}>
          {order.lines.map((l) => (
            <tr key={l.position}>
              <td className={cell}>{`${l.name}${l.productId === null ? ' (no product: stock not moved)' : ` (${l.productId})`}`}</td>
              <td className={cell}>{l.quantity}</td>
              <td className={cell}>{money(l.unitAmount * l.quantity)}</td>
            </tr>
          ))}
        </Table>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
          {orderTotalRows(orderAmounts(order), order.shippingOption).map((row) => [
            <dt key={`${row.kind}-t`}>{row.label}</dt>,
            <dd key={`${row.kind}-d`}>{row.value}</dd>,
          ])}
          {order.refunded > 0 && [<dt key="r-t">Refunded</dt>, <dd key="r-d">{money(order.refunded)}</dd>]}
        </dl>
      </Section>
      <Section title="Customer" id="customer">
        <p>{order.email ?? (order.redactedAt ? `Removed ${when(order.redactedAt)}: the order is past its legal period` : 'No e-mail')}</p>
        {order.restrictedAt && (
          <p className="mt-1 text-sm" data-restricted>
            {`Restricted since ${when(order.restrictedAt)}: the buyer asked to be erased. Kept for the accounts only: no marketing, reviews or referral mail.`}
          </p>
        )}
        <p className="mt-2 text-sm" data-other-orders={data.others.length}>
          {data.others.length === 0
            ? 'No other orders from this address.'
            : `Other orders from this address (${data.others.length === 10 ? '10 newest' : data.others.length}):`}
        </p>
        {data.others.length > 0 && (
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {data.others.map((o) => (
              <li key={o.number}>
                <a href={`/admin/orders/${o.number}`} className="font-mono underline">
                  {o.number}
                </a>
                {` ${when(o.createdAt)}, ${formatMinor(o.total, o.currency)}, ${o.status.replaceAll('_', ' ')}, ${o.fulfilment}`}
              </li>
            ))}
          </ul>
        )}
        <PostalAddress
          lines={[order.name, ...addressLines(order.shippingAddress)].filter((l): l is string => Boolean(l))}
          className="mt-2 not-italic"
        />
      </Section>
      <Section title="After the sale" id="account">
        <Account order={order} ledger={data.ledger} />
      </Section>
      {!waiting && returnsSection}
      <Section title="Notes" id="notes">
        <Notes {...data} />
      </Section>
      <Section title="Timeline" id="timeline">
        <ol className="flex flex-col gap-1 text-sm" data-timeline>
          {steps.map((s) => {
            const [what, ...details] = stepWords(s, order.currency, (id) => lineName(order, id));
            return (
              <li key={s.step}>
                <time dateTime={s.at} className="text-stone-600">
                  {when(s.at)}
                </time>{' '}
                <span className="font-semibold">{what}</span>
                {details.length > 0 && `: ${details.join(', ')}`}
              </li>
            );
          })}
        </ol>
      </Section>
      {!canShip && shipSection}
      <Section title="Refund" id="refund">
        <RefundForm {...data} hold={hold} />
      </Section>
      <Section title="Return to stock" id="return">
        <GoodsBackForm {...data} />
      </Section>
    </>
  );
}
