import { formatMinor } from '#shared/money.ts';
import { returnsPolicy } from '#shared/policy/figures.ts';
import { allowed, choiceLabel, RETURN_NOTE_MAX, YOUR_OUTCOME, YOUR_REASON, type ReturnWindow } from '#shared/after-sale/return-rules.ts';
import { formatMarketDate } from '#shared/site/dates.ts';
import { marketOfStored } from '#shared/market/market.ts';
import { useHref } from '#ui/state/market-context.ts';
import { newFormToken } from '#worker/admin/form-once.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';

export interface ReturnRequestFormData {
  order: StoredOrder;
  window: ReturnWindow & { open: 'return' | 'warranty' };
  /** Units of each product that may still be asked back. */
  open: ReadonlyMap<number, number>;
  /** What an exchange may be for: the listed products with their price in the order's currency, cheapest first. */
  exchangeChoices: Array<{ id: number; name: string; price: number }>;
  problem?: string;
  typed?: Record<string, string>;
}

/** One choice of a radio group: checked when typed, or when it is the only one. */
/** One radio group of the form: a legend, and a choice per value in the shop's words (the only one checked). */
function Choices<V extends string>({
  legend,
  name,
  values,
  words,
  typed,
}: {
  legend: string;
  name: string;
  values: readonly V[];
  words: Record<V, string>;
  typed?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-semibold">{legend}</legend>
      {values.map((value) => (
        <label key={value} className="flex items-start gap-2">
          <input type="radio" name={name} value={value} required defaultChecked={typed === value || values.length === 1} className="mt-1" />
          <span>{choiceLabel(words[value])}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * /orders/{number}/return: a return (inside the window) or a warranty claim (after it), without
 * JavaScript: how many of each item, why, and what the shopper wants back; the policy in a sentence.
 */
export function ReturnRequestForm({ order, window, open, exchangeChoices, problem, typed = {} }: ReturnRequestFormData) {
  const day = (isoDate: string) => formatMarketDate(isoDate, marketOfStored(order.region));
  const to = useHref();
  const may = allowed(window);
  const lines = order.lines.filter((l) => l.productId !== null && (open.get(l.productId) ?? 0) > 0);
  return (
    <form method="post" action={to(`/orders/${order.number}/return`)} className="flex flex-col gap-6">
      {/* One request per form: a double tap or a resent post finds its token claimed (form-once.ts). */}
      <input type="hidden" name="form_token" value={newFormToken()} />
      <p>
        {window.open === 'return'
          ? `You can send items back until ${day(window.until)}, ${returnsPolicy.condition}. ${returnsPolicy.returnShipping}.`
          : `The ${returnsPolicy.windowDays}-day return window ended on ${day(window.returnEnded)}; the warranty covers faults until ${day(window.until)}.`}
      </p>
      {problem && (
        // oxlint-disable-next-line jsx-a11y/no-autofocus -- the reason the request was refused is read first (no script)
        <p role="alert" tabIndex={-1} autoFocus className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">What are you sending back?</legend>
        {lines.length === 0 && <p>Everything from this order has been asked back already.</p>}
        {lines.map((l) => (
          <label key={l.position} className="flex flex-col gap-1">
            <span>{`${l.name} (${formatMinor(l.unitAmount, order.currency)} each): how many, up to ${open.get(l.productId!)}`}</span>
            <input
              type="number"
              name={`line_${l.productId}`}
              inputMode="numeric"
              min={0}
              max={open.get(l.productId!)}
              defaultValue={typed[`line_${l.productId}`] ?? '0'}
              className="w-24 rounded-md border border-stone-400 px-3 py-2 text-base"
            />
          </label>
        ))}
      </fieldset>
      <Choices legend="Why?" name="reason" values={may.reasons} words={YOUR_REASON} typed={typed.reason} />
      <Choices legend="What would you like?" name="wants" values={may.outcomes} words={YOUR_OUTCOME} typed={typed.wants} />
      {may.outcomes.includes('exchange') && (
        <label className="flex flex-col gap-1">
          <span className="font-semibold">For an exchange: the product you would like instead</span>
          <select
            name="exchange_for"
            defaultValue={typed.exchange_for ?? ''}
            className="rounded-md border border-stone-400 px-3 py-2 text-base"
          >
            <option value="">(not an exchange)</option>
            {exchangeChoices.map((p) => (
              <option key={p.id} value={p.id}>{`${p.name}: ${formatMinor(p.price, order.currency)}`}</option>
            ))}
          </select>
          <span className="text-sm text-stone-700">
            It must be worth at least what you send back. If it costs more, our e-mail gives you a link to pay the difference (no delivery
            charge); we send it once your parcel has arrived and the difference is paid.
          </span>
        </label>
      )}
      <label className="flex flex-col gap-1">
        <span className="font-semibold">Anything we should know? (optional)</span>
        <textarea
          name="note"
          rows={3}
          maxLength={RETURN_NOTE_MAX}
          defaultValue={typed.note}
          className="rounded-md border border-stone-400 px-3 py-2 text-base"
        />
      </label>
      <button type="submit" className="btn btn-primary self-start">
        Send the request
      </button>
    </form>
  );
}
