import { disputeDashboardUrl, disputeHold, type DisputeHold } from '#shared/orders/dispute-hold.ts';
import { PostalAddress } from '#worker/components/postal-address.tsx';
import { orderTotalRows } from '#shared/orders/order-totals.ts';
import { formatMinor } from '#shared/money.ts';
import { refundRefusal } from '#shared/ledger/refund-rules.ts';
import { returnRefusal, shipRefusal } from '#shared/orders/order-status.ts';
import { ownerStanding } from '#shared/ledger/standing.ts';
import { byTender, creditable, differenceOwed, exchangeState, refundable, type Ledger } from '#shared/ledger/order-ledger.ts';
import { addressLines } from '#worker/orders/order-address.ts';
import { stepWords } from '#worker/orders/order-steps.ts';
import { orderAmounts, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { OrderStep } from '#worker/orders/order-steps.ts';
import type { nextToShip, otherOrdersOf } from '#worker/order-reads/order-lists.ts';
import { NOTE_MAX, type notesOf } from '#worker/fulfilment/order-notes.ts';
import type { ReturnRequest } from '#worker/returns/return-queries.ts';
import { OUTCOME_NAMES, REASON_NAMES } from '#shared/orders/return-rules.ts';
import { returnRefund } from '#shared/ledger/ledger-moves.ts';
import { cell, Field, FormOnce, Problem, Section, Submit, Table, when } from '#worker/routes/admin-frame/admin-ui.tsx';

export interface OrderDetailData {
  order: StoredOrder;
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
  problem?: { form: OrderForm; text: string; fields: Record<string, string> };
}

export type OrderForm = 'ship' | 'return' | 'refund' | 'note' | 'request';

/** What a refused form did not do, said first at the top of the page. */
const NOT_DONE: Record<OrderForm, string> = {
  ship: 'Not shipped',
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

function ShipForm({ order, problem, hold }: OrderDetailData & { hold: DisputeHold | null }) {
  const refusal = shipRefusal(order.status, order.fulfilment, hold);
  if (refusal) return <p>{`Cannot be shipped: ${refusal}.`}</p>;
  const typed = problem?.form === 'ship' ? problem.fields : {};
  return (
    <form method="post" action={`/admin/orders/${order.number}/ship`} className="flex flex-col gap-3">
      <FormOnce />
      <Field label="Carrier" name="carrier" maxLength={64} defaultValue={typed.carrier} placeholder="Royal Mail" />
      <Field label="Tracking number" name="tracking" required maxLength={64} defaultValue={typed.tracking} autoCapitalize="characters" />
      <Field label="Tracking page (optional)" name="url" type="url" defaultValue={typed.url} placeholder="https://" />
      <Submit>Mark shipped and tell the shopper</Submit>
    </form>
  );
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A product of the order by the name it was bought under. */
const lineName = (order: StoredOrder, id: number) => order.lines.find((l) => l.productId === id)?.name ?? `product ${id}`;

/** One field per product not yet back: how many units came back (0: none). */
function GoodsBackFields({ order, open, typed }: { order: StoredOrder; open: Array<[number, number]>; typed: Record<string, string> }) {
  return open.map(([id, n]) => (
    <Field
      key={id}
      label={`${lineName(order, id)}: units back (up to ${n})`}
      name={`line_${id}`}
      type="number"
      inputMode="numeric"
      min={0}
      max={n}
      defaultValue={typed[`line_${id}`] ?? '0'}
    />
  ));
}

const openLines = (left: OrderDetailData['left']) => [...left].filter(([, n]) => n > 0);

function ReturnForm({ order, left, problem }: OrderDetailData) {
  const refusal = returnRefusal(order.status);
  const open = openLines(left);
  if (refusal) return <p>{`Cannot take a return: ${refusal}.`}</p>;
  if (open.length === 0) return <p>Everything has come back.</p>;
  return (
    <form method="post" action={`/admin/orders/${order.number}/return`} className="flex flex-col gap-3">
      <FormOnce />
      <GoodsBackFields order={order} open={open} typed={problem?.form === 'return' ? problem.fields : {}} />
      <Submit>Put back in stock</Submit>
    </form>
  );
}

/** Part or all of what is left, through Stripe; goods that came back with it go back in stock at the same time. */
function RefundForm({ order, ledger, left, problem, hold }: OrderDetailData & { hold: DisputeHold | null }) {
  const refusal = refundRefusal(order.status, hold, ledger);
  if (refusal) return <p>{`Cannot refund: ${refusal}.`}</p>;
  const typed = problem?.form === 'refund' ? problem.fields : {};
  const open = returnRefusal(order.status) ? [] : openLines(left);
  const most = formatMinor(refundable(ledger), order.currency);
  return (
    <form method="post" action={`/admin/orders/${order.number}/refund`} className="flex flex-col gap-3">
      <FormOnce />
      <Field
        label={`Amount to refund (${order.currency})`}
        name="amount"
        required
        inputMode="decimal"
        pattern="[0-9]{1,7}([.,][0-9]{1,2})?"
        defaultValue={typed.amount}
        hint={`Up to ${most}. The shopper is mailed once Stripe confirms it.`}
      />
      {open.length > 0 && (
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium">Did goods come back? They go back in stock only if you say so here.</legend>
          <GoodsBackFields order={order} open={open} typed={typed} />
        </fieldset>
      )}
      <Submit>Review the refund</Submit>
    </form>
  );
}

/**
 * The refund in words before it moves money: the amount on the button itself, where it goes, and the
 * goods coming back. The same form token goes with it, so a second press refunds once.
 */
export function RefundConfirm({ order, amount, fields }: { order: StoredOrder; amount: number; fields: Record<string, string> }) {
  const money = formatMinor(amount, order.currency);
  const back = Object.entries(fields).filter(([name, value]) => name.startsWith('line_') && /^[1-9]\d*$/.test(value.trim()));
  return (
    <section className="flex flex-col gap-3" data-refund-confirm={amount}>
      <p>{`${money} goes back to ${order.paymentMethod ?? 'the card the order was paid with'} (order ${order.number}, paid ${formatMinor(order.total, order.currency)}). The shopper is mailed once Stripe confirms it.`}</p>
      {back.length > 0 && (
        <p>{`Back in stock with it: ${back.map(([name, n]) => `${n.trim()} × ${lineName(order, Number(name.slice(5)))}`).join(', ')}.`}</p>
      )}
      <form method="post" action={`/admin/orders/${order.number}/refund`} className="flex flex-wrap items-center gap-3">
        {Object.entries(fields).map(([name, value]) =>
          name === 'confirmed' ? null : <input key={name} type="hidden" name={name} value={value} />,
        )}
        <input type="hidden" name="confirmed" value="1" />
        <Submit>{`Refund ${money}`}</Submit>
        <a href={`/admin/orders/${order.number}#refund`} className="underline">
          Change it
        </a>
      </form>
    </section>
  );
}

/** What the owner does next with a request: accept or refuse (with why), then mark the parcel received. */
function RequestActions({
  order,
  ledger,
  request,
  typed,
}: {
  order: StoredOrder;
  ledger: Ledger;
  request: ReturnRequest;
  typed: Record<string, string>;
}) {
  const base = `/admin/orders/${order.number}/returns/${request.number}`;
  if (request.state === 'requested')
    return (
      <div className="flex flex-col gap-3">
        <form method="post" action={`${base}/accept`}>
          <FormOnce />
          <Submit>Accept: tell the shopper to send it</Submit>
        </form>
        <form method="post" action={`${base}/refuse`} className="flex flex-col gap-2">
          <FormOnce />
          <Field
            label="Or refuse, saying why (the shopper is sent your words)"
            name="why"
            required
            maxLength={500}
            defaultValue={typed.why}
          />
          <Submit>Refuse</Submit>
        </form>
      </div>
    );
  if (request.state === 'accepted')
    return (
      <form method="post" action={`${base}/receive`} className="flex flex-col gap-3">
        <FormOnce />
        {request.lines.map((l) => (
          <Field
            key={l.productId}
            label={`${lineName(order, l.productId)}: units fit to sell again (of ${l.quantity}; only these go back in stock)`}
            name={`line_${l.productId}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={l.quantity}
            defaultValue={typed[`line_${l.productId}`] ?? '0'}
          />
        ))}
        <Submit>{`Parcel received: ${settleWords(order, ledger, request)}`}</Submit>
      </form>
    );
  const exchange = request.outcome === 'exchange' ? exchangeState(ledger, request.number) : null;
  if (exchange === 'ready')
    return (
      <form method="post" action={`${base}/ship-exchange`} className="flex flex-col gap-3">
        <FormOnce />
        <Field label="Carrier" name="carrier" maxLength={64} defaultValue={typed.carrier} placeholder="Royal Mail" />
        <Field label="Tracking number (optional)" name="tracking" maxLength={64} defaultValue={typed.tracking} />
        <Submit>Send the exchange and tell the shopper</Submit>
      </form>
    );
  if (exchange === 'waiting' && request.state === 'received')
    return (
      <p>{`Received. The exchange ships once the shopper pays the difference of ${formatMinor(differenceOwed(ledger, request.number), order.currency)} (they have the link).`}</p>
    );
  return <p>{request.answer ? `Settled: ${request.answer}.` : 'Settled.'}</p>;
}

/** What went back of the exchange differences' own charges, in words ('' when nothing did). */
function differencesBack(ledger: Ledger, money: (minor: number) => string) {
  const back = [...ledger.differences.values()].reduce((t, d) => t + d.givenBack, 0);
  return back > 0 ? `, ${money(back)} of it refunded` : '';
}

/** The order's after-sale account in figures: what was paid, what went back and how, what is left; units asked and back per product. */
function Account({ order, ledger }: { order: StoredOrder; ledger: Ledger }) {
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

/** What receiving the parcel does, with the amount it moves, from the ledger as it stands (the button says it before anything moves). */
function settleWords(order: StoredOrder, ledger: Ledger, request: ReturnRequest): string {
  const money = (minor: number) => formatMinor(minor, order.currency);
  switch (request.outcome) {
    case 'refund': {
      const { card, credit } = byTender(ledger, returnRefund(ledger, request));
      return [
        card > 0 && `refund ${money(card)} through Stripe`,
        credit > 0 && `give ${money(credit)} of the store credit it was paid with back as credit`,
      ]
        .filter(Boolean)
        .join(' and ');
    }
    case 'credit':
      return `issue ${money(creditable(ledger, request.value).amount)} of store credit`;
    case 'exchange': {
      const owed = differenceOwed(ledger, request.number);
      return owed > 0 ? `the exchange ships once ${money(owed)} of difference is paid` : 'then send the exchange';
    }
    case 'replace':
      return 'tell the shopper a replacement is coming';
  }
}

/** The shopper's requests on this order: what, why, what they want, where each stands, and its next step. */
function ReturnRequests({ order, ledger, returns, problem }: OrderDetailData) {
  if (returns.length === 0) return <p>No return or warranty requests.</p>;
  return (
    <ul className="flex flex-col gap-4" data-admin-returns={returns.length}>
      {returns.map((r) => (
        <li key={r.number} className="rounded-md border border-stone-200 p-3" data-return-request={r.number} data-return-state={r.state}>
          <p className="font-semibold">{`${r.number}: ${r.state}`}</p>
          <p className="text-sm">
            {`${r.lines.map((l) => `${l.quantity} × ${lineName(order, l.productId)}`).join(', ')}. Reason: ${REASON_NAMES[r.reason]}; wants ${OUTCOME_NAMES[r.outcome]} (worth ${formatMinor(r.value, order.currency)}). Asked ${when(r.createdAt)}.`}
          </p>
          {r.note && <p className="mt-1 text-sm break-words whitespace-pre-wrap">{`“${r.note}”`}</p>}
          {r.state === 'refused' && <p className="mt-1 text-sm">{`Refused: ${r.answer ?? ''}`}</p>}
          <div className="mt-2">
            <RequestActions order={order} ledger={ledger} request={r} typed={problem?.form === 'request' ? problem.fields : {}} />
          </div>
        </li>
      ))}
    </ul>
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
        <Submit>Save note</Submit>
      </form>
    </>
  );
}

/** /admin/orders/:number: everything about one order, and the forms for its next steps. */
export function OrderDetailPage(data: OrderDetailData) {
  const { order, steps } = data;
  const money = (minor: number) => formatMinor(minor, order.currency);
  const hold = disputeHold(steps);
  return (
    <>
      {/* Why the last try was refused, at the top (the form below keeps what was typed). */}
      <Problem text={data.problem && `${NOT_DONE[data.problem.form]}: ${data.problem.text}`} />
      {hold && <DisputeNotice hold={hold} currency={order.currency} />}
      <p className="font-semibold" data-order-status={order.status} data-fulfilment={order.fulfilment}>
        {`${capitalised(order.status.replaceAll('_', ' '))}, ${order.fulfilment}. `}
        <span className="font-normal">{ownerStanding(order, hold).join(' ')}</span>
      </p>
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
      <Section title="Returns and warranty" id="returns">
        <ReturnRequests {...data} />
      </Section>
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
      <Section title="Ship" id="ship">
        <p className="mb-3">
          <a href={`/admin/orders/${order.number}/slip`} className="underline">
            Packing slip (to print)
          </a>
        </p>
        <ShipForm {...data} hold={hold} />
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
      <Section title="Refund" id="refund">
        <RefundForm {...data} hold={hold} />
      </Section>
      <Section title="Return to stock" id="return">
        <ReturnForm {...data} />
      </Section>
    </>
  );
}
