import { orderTotalRows } from '#shared/orders/order-totals.ts';
import { formatMinor } from '#shared/money.ts';
import { returnRefusal, shipRefusal, statusSentences } from '#shared/orders/order-status.ts';
import { addressLines } from '#worker/orders/order-address.ts';
import { formatStep } from '#worker/orders/order-steps.ts';
import { orderAmounts, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { OrderStep } from '#worker/orders/order-steps.ts';
import { cell, Field, FormOnce, Problem, Section, Submit, Table } from './admin-ui.tsx';

export interface OrderDetailData {
  order: StoredOrder;
  steps: OrderStep[];
  /** Units of each product not yet returned. */
  left: ReadonlyMap<number, number>;
  /** A refused form's message and what was typed, shown on that form again. */
  problem?: { form: 'ship' | 'return'; text: string; fields: Record<string, string> };
}

function ShipForm({ order, problem }: OrderDetailData) {
  const refusal = shipRefusal(order.status, order.fulfilment);
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

function ReturnForm({ order, left, problem }: OrderDetailData) {
  const refusal = returnRefusal(order.status);
  const open = [...left].filter(([, n]) => n > 0);
  if (refusal) return <p>{`Cannot take a return: ${refusal}.`}</p>;
  if (open.length === 0) return <p>Everything has come back.</p>;
  const typed = problem?.form === 'return' ? problem.fields : {};
  const nameOf = (id: number) => order.lines.find((l) => l.productId === id)?.name ?? `Product ${id}`;
  return (
    <form method="post" action={`/admin/orders/${order.number}/return`} className="flex flex-col gap-3">
      <FormOnce />
      {open.map(([id, n]) => (
        <Field
          key={id}
          label={`${nameOf(id)}: units back (up to ${n})`}
          name={`line_${id}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={n}
          defaultValue={typed[`line_${id}`] ?? '0'}
        />
      ))}
      <Submit>Put back in stock</Submit>
    </form>
  );
}

/** /admin/orders/:number: everything about one order, and the forms for its next steps. */
export function OrderDetailPage(data: OrderDetailData) {
  const { order, steps } = data;
  const money = (minor: number) => formatMinor(minor, order.currency);
  return (
    <>
      <p className="font-semibold" data-order-status={order.status} data-fulfilment={order.fulfilment}>
        {`${order.status.replaceAll('_', ' ')}, ${order.fulfilment}. `}
        <span className="font-normal">{statusSentences(order.status, order.fulfilment).join(' ')}</span>
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
        <p>{order.email ?? 'No e-mail'}</p>
        <address className="mt-2 not-italic">
          {[order.name, ...addressLines(order.shippingAddress)].filter(Boolean).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </Section>
      <Section title="Timeline" id="timeline">
        <ol className="flex flex-col gap-1 font-mono text-sm" data-timeline>
          {steps.map((s) => (
            <li key={s.step}>{formatStep(s, order.currency).trim()}</li>
          ))}
        </ol>
      </Section>
      <Section title="Ship" id="ship">
        {/* Why the last try was refused, above the form (or where the form was, once it no longer applies). */}
        <Problem text={data.problem?.form === 'ship' ? data.problem.text : null} />
        <ShipForm {...data} />
      </Section>
      <Section title="Return to stock" id="return">
        <Problem text={data.problem?.form === 'return' ? data.problem.text : null} />
        <ReturnForm {...data} />
      </Section>
    </>
  );
}
