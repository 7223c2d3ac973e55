import { formatMinor } from '#shared/money.ts';
import type { Ledger } from '#shared/after-sale/order-ledger.ts';
import type { ReturnRequest } from '#worker/after-sale/return-queries.ts';
import { FormOnce, Submit } from '#worker/routes/admin-frame/admin-ui.tsx';
import { capitalised, settleWords } from './order-after-sale.tsx';
import { lineName, type StoredOrder } from '#worker/orders/order-queries.ts';

/* The pages that say in words what money moves before it does: a manual refund, a parcel received. */

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
        <Submit tone="danger">{`Refund ${money}`}</Submit>
        <a href={`/admin/orders/${order.number}#refund`} className="underline">
          Change it
        </a>
      </form>
    </section>
  );
}

/**
 * A parcel's receiving, said in words before anything moves (as a manual refund is): what it gives
 * and for how much, which units go back in stock and which stay out; its own button receives it.
 */
export function ReceiveConfirm({
  order,
  ledger,
  request,
  fit,
}: {
  order: StoredOrder;
  ledger: Ledger;
  request: ReturnRequest;
  fit: Array<{ productId: number; quantity: number }>;
}) {
  const back = (id: number) => fit.find((f) => f.productId === id)?.quantity ?? 0;
  const units = (n: number, id: number) => `${n} × ${lineName(order, id)}`;
  const stocked = request.lines.filter((l) => back(l.productId) > 0).map((l) => units(back(l.productId), l.productId));
  const out = request.lines.filter((l) => back(l.productId) < l.quantity).map((l) => units(l.quantity - back(l.productId), l.productId));
  const words = capitalised(settleWords(order, ledger, request));
  return (
    <section className="flex flex-col gap-3" data-receive-confirm={request.number}>
      <p>{`Return ${request.number} of order ${order.number}: ${words}.`}</p>
      <p>{stocked.length > 0 ? `Back in stock: ${stocked.join(', ')}.` : 'Nothing goes back in stock.'}</p>
      {out.length > 0 && <p>{`Staying out of stock, not fit to sell: ${out.join(', ')}.`}</p>}
      <form
        method="post"
        action={`/admin/orders/${order.number}/returns/${request.number}/receive`}
        className="flex flex-wrap items-center gap-3"
      >
        <FormOnce />
        {fit.map((f) => (
          <input key={f.productId} type="hidden" name={`line_${f.productId}`} value={String(f.quantity)} />
        ))}
        {request.lines
          .filter((l) => !fit.some((f) => f.productId === l.productId))
          .map((l) => (
            <input key={l.productId} type="hidden" name={`line_${l.productId}`} value="0" />
          ))}
        <input type="hidden" name="confirmed" value="1" />
        <Submit
          tone={request.outcome === 'refund' || request.outcome === 'credit' ? 'danger' : 'primary'}
        >{`Received: ${settleWords(order, ledger, request)}`}</Submit>
        <a href={`/admin/orders/${order.number}#returns`} className="underline">
          Change it
        </a>
      </form>
    </section>
  );
}
