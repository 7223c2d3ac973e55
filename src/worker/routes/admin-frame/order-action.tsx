import { runAdminForm, type AdminContext } from './admin-context.tsx';

/** The forms of an order's page in the back office: the order's own (ship, delivered, note) and the after-sale's. */
export type OrderForm = 'ship' | 'delivered' | 'return' | 'refund' | 'note' | 'request';

/** A refused form's words and what was typed, shown on that form again. */
export interface OrderProblem {
  form: OrderForm;
  text: string;
  fields: Record<string, string>;
}

/**
 * The order's page, again with a refused form's words; the 404 page for an unknown number. The order's
 * routes make it; the routes of a feature that acts on an order are handed it where they are mounted.
 */
export type ShowOrder = (c: AdminContext, problem?: OrderProblem, status?: number) => Promise<Response>;

/** Runs an order action from its form: the outcome flashed on the order page, or the form again with why (400, 404, 409). */
export async function orderAction(
  c: AdminContext,
  show: ShowOrder,
  form: OrderForm,
  fields: Record<string, string>,
  action: () => Promise<string>,
) {
  const page = `/admin/orders/${c.req.param('number')}`;
  return runAdminForm(
    c,
    fields,
    page,
    async () => ({ text: await action() }),
    ({ text, status }) => {
      c.get('log')('warn', 'admin order action refused', { order: c.req.param('number'), form, reason: text });
      return show(c, { form, text, fields }, status);
    },
  );
}
