import type { DisputeHold } from '#shared/orders/dispute-hold.ts';
import { formatMinor } from '#shared/money.ts';
import { refundRefusal } from '#shared/after-sale/refund-rules.ts';
import { returnRefusal } from '#shared/orders/order-status.ts';
import { lineName, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { ReturnRequest } from '#worker/after-sale/return-queries.ts';
import { Field, FormOnce, Submit, when } from '#worker/routes/admin-frame/admin-ui.tsx';
import { ParcelFields } from '#worker/routes/admin-frame/parcel-fields.tsx';
import type { OrderProblem } from '#worker/routes/admin-frame/order-action.tsx';
import { byTender, creditable, differenceOwed, exchangeState, refundable, type Ledger } from '#shared/after-sale/order-ledger.ts';
import { OUTCOME_NAMES, REASON_NAMES } from '#shared/after-sale/return-rules.ts';
import { returnRefund } from '#shared/after-sale/ledger-moves.ts';

/* The after-sale sections of an order's page in the back office (issue 64: out of the page itself): its account in figures, the refund form, its return requests and what each does next, and goods put back in stock. */

export const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** One field per product not yet back: how many units came back (0: none). */
export function GoodsBackFields({
  order,
  open,
  typed,
}: {
  order: StoredOrder;
  open: Array<[number, number]>;
  typed: Record<string, string>;
}) {
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
          <Submit tone="danger">Refuse</Submit>
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
            defaultValue={typed[`line_${l.productId}`] ?? String(l.quantity)}
          />
        ))}
        {/* Nothing moves from this button: the next page says what receiving does, and its own button does it. */}
        <Submit>Parcel received: check what it does</Submit>
      </form>
    );
  const exchange = request.outcome === 'exchange' ? exchangeState(ledger, request.number) : null;
  if (exchange === 'ready')
    return (
      <>
        <form method="post" action={`${base}/ship-exchange`} className="flex flex-col gap-3">
          <FormOnce />
          <ParcelFields currency={order.currency} typed={typed} />
          <Submit>Send the exchange and tell the shopper</Submit>
        </form>
        <SettleOtherwise base={base} />
      </>
    );
  if (exchange === 'waiting' && request.state === 'received')
    return (
      <>
        <p>{`Received. The exchange ships once the shopper pays the difference of ${formatMinor(differenceOwed(ledger, request.number), order.currency)} (they have the link).`}</p>
        <SettleOtherwise base={base} />
      </>
    );
  return <p>{request.answer ? `Settled: ${request.answer}.` : 'Settled.'}</p>;
}

/** A received exchange that cannot be sent (sold out, its difference never paid): refunded or credited instead, its difference sent back. */
function SettleOtherwise({ base }: { base: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">Cannot send it? Cancel the exchange: any difference paid goes back, and the goods are settled as a return.</p>
      <div className="flex flex-wrap gap-2">
        {(
          [
            ['refund', 'Refund instead'],
            ['credit', 'Store credit instead'],
          ] as const
        ).map(([as, label]) => (
          <form key={as} method="post" action={`${base}/settle`}>
            <FormOnce />
            <input type="hidden" name="as" value={as} />
            <Submit tone="secondary">{label}</Submit>
          </form>
        ))}
      </div>
    </div>
  );
}

/** What receiving the parcel does, with the amount it moves, from the ledger as it stands (the button says it before anything moves). */
export function settleWords(order: StoredOrder, ledger: Ledger, request: ReturnRequest): string {
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
/** What the return requests' section reads: the order, its account, its requests, and a refused request form's message and fields. */
interface RequestsData {
  order: StoredOrder;
  ledger: Ledger;
  returns: ReturnRequest[];
  problem?: OrderProblem;
}

export function ReturnRequests({ order, ledger, returns, problem }: RequestsData) {
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

export const openLines = (left: ReadonlyMap<number, number>) => [...left].filter(([, n]) => n > 0);

/** Part or all of what is left, through Stripe; goods that came back with it go back in stock at the same time. */
export function RefundForm({
  order,
  ledger,
  left,
  problem,
  hold,
}: RequestsData & { left: ReadonlyMap<number, number>; hold: DisputeHold | null }) {
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
      <Submit tone="secondary">Review the refund</Submit>
    </form>
  );
}

/** Goods the owner takes back without a request (none, or not all, asked): counted back on the account and put back in stock. */
export function GoodsBackForm({ order, left, problem }: Pick<RequestsData, 'order' | 'problem'> & { left: ReadonlyMap<number, number> }) {
  const refusal = returnRefusal(order.status);
  const open = openLines(left);
  if (refusal) return <p>{`Cannot take a return: ${refusal}.`}</p>;
  if (open.length === 0) return <p>Everything has come back.</p>;
  return (
    <form method="post" action={`/admin/orders/${order.number}/return`} className="flex flex-col gap-3">
      <FormOnce />
      <GoodsBackFields order={order} open={open} typed={problem?.form === 'return' ? problem.fields : {}} />
      <Submit tone="secondary">Put back in stock</Submit>
    </form>
  );
}
