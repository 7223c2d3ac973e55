import type { DisputeHold } from '#shared/orders/dispute-hold.ts';
import { shipRefusal } from '#shared/orders/order-status.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import type { OrderStep } from '#worker/orders/order-steps.ts';
import { shopDay } from '#shared/policy/shop-time.ts';
import { Field, FormOnce, Submit } from '#worker/routes/admin-frame/admin-ui.tsx';
import { ParcelFields } from '#worker/routes/admin-frame/parcel-fields.tsx';

/* The order page's shipping forms: the parcel sent (carrier, number, its tracking page), then arrived. */

/** What a form of the order page reads: the order, and a refused try's form, words and fields. */
interface FormData {
  order: StoredOrder;
  problem?: { form: string; text: string; fields: Record<string, string> };
}

export function ShipForm({ order, problem, hold }: FormData & { hold: DisputeHold | null }) {
  const refusal = shipRefusal(order.status, order.fulfilment, hold);
  if (refusal) return <p>{`Cannot be shipped: ${refusal}.`}</p>;
  const typed = problem?.form === 'ship' ? problem.fields : {};
  return (
    <form method="post" action={`/admin/orders/${order.number}/ship`} className="flex flex-col gap-3">
      <FormOnce />
      <ParcelFields currency={order.currency} typed={typed} />
      <Submit>Mark shipped and tell the shopper</Submit>
    </form>
  );
}

/** A shipped parcel not yet marked delivered: the day it arrived (today unless changed). */
export function DeliveredForm({ order, steps, problem, today }: FormData & { steps: OrderStep[]; today: string }) {
  if (order.fulfilment !== 'shipped' || !steps.some((s) => s.kind === 'shipped')) return null;
  const delivered = steps.find((s) => s.kind === 'delivered');
  if (delivered) return <p className="mt-2" data-delivered>{`Delivered on ${shopDay(delivered.detail?.deliveredOn ?? delivered.at)}.`}</p>;
  const typed = problem?.form === 'delivered' ? problem.fields : {};
  return (
    <form method="post" action={`/admin/orders/${order.number}/delivered`} className="mt-3 flex flex-col gap-3">
      <FormOnce />
      <Field label="Delivered on" name="on" type="date" required defaultValue={typed.on ?? today} />
      <Submit tone="secondary">Mark delivered</Submit>
    </form>
  );
}
