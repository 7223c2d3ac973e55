import type { DisputeHold } from '#shared/orders/dispute-hold.ts';
import { carriersFor, OTHER_CARRIER } from '#shared/orders/carriers.ts';
import { shipRefusal } from '#shared/orders/order-status.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import type { OrderStep } from '#worker/orders/order-steps.ts';
import { Choice, Field, FormOnce, Submit, when } from '#worker/routes/admin-frame/admin-ui.tsx';

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
      <Choice
        label="Carrier"
        name="carrier"
        choose="Choose the carrier"
        options={[
          ...carriersFor(order.currency).map((c) => ({ value: c.id, label: c.name })),
          { value: OTHER_CARRIER, label: 'Another carrier (name it below)' },
        ]}
        defaultValue={typed.carrier}
      />
      <Field label="Tracking number" name="tracking" required maxLength={64} defaultValue={typed.tracking} autoCapitalize="characters" />
      {/* Folded away (no script: a native disclosure) so the button stays in a phone's first screen. */}
      <details className="text-sm" open={Boolean(typed.other_carrier || typed.url)}>
        <summary className="cursor-pointer underline">Another carrier: its name and tracking page</summary>
        <div className="mt-2 flex flex-col gap-3">
          <Field label="Carrier’s name" name="other_carrier" maxLength={64} defaultValue={typed.other_carrier} />
          <Field label="Tracking page for this parcel" name="url" type="url" defaultValue={typed.url} placeholder="https://" />
        </div>
      </details>
      <Submit>Mark shipped and tell the shopper</Submit>
    </form>
  );
}

/** A shipped parcel not yet marked delivered: the day it arrived (today unless changed). */
export function DeliveredForm({ order, steps, problem, today }: FormData & { steps: OrderStep[]; today: string }) {
  if (order.fulfilment !== 'shipped' || !steps.some((s) => s.kind === 'shipped')) return null;
  const delivered = steps.find((s) => s.kind === 'delivered');
  if (delivered)
    return <p className="mt-2" data-delivered>{`Delivered on ${when(delivered.detail?.deliveredOn ?? delivered.at).split(',')[0]}.`}</p>;
  const typed = problem?.form === 'delivered' ? problem.fields : {};
  return (
    <form method="post" action={`/admin/orders/${order.number}/delivered`} className="mt-3 flex flex-col gap-3">
      <FormOnce />
      <Field label="Delivered on" name="on" type="date" required defaultValue={typed.on ?? today} />
      <Submit tone="secondary">Mark delivered</Submit>
    </form>
  );
}
