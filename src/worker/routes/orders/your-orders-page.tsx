import { currencyOfMarket, type Market } from '#shared/market/market.ts';
import { formatMinor } from '#shared/money.ts';
import { ORDERS_LINK_MINUTES } from '#shared/orders/your-orders-rules.ts';
import { shortStanding } from '#shared/timeline/standing.ts';
import { referralWords } from '#shared/policy/text.ts';
import { formatMarketDate } from '#shared/site/dates.ts';
import { useHref } from '#ui/state/market-context.ts';
import type { AddressOrder } from '#worker/order-access/orders-of-address.ts';
import { orderPagePath } from '#worker/orders/order-number.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';

/** The signed-in shopper's data as a download (your-orders-routes.tsx). */
export const MY_DATA_PATH = '/orders/my-data';

/** Ask for the link: the address ordered with. Works without JavaScript (a plain form). */
export function AskForm({ email = '', problem }: { email?: string; problem?: string }) {
  const to = useHref();
  return (
    <form method="post" action={to('/orders')} className="flex flex-col gap-3" noValidate>
      <p>
        {`Enter the e-mail address you ordered with. If it has orders with us, we e-mail you a link that shows them all; it works once, for ${ORDERS_LINK_MINUTES} minutes. No account or password needed.`}
      </p>
      <label className="flex flex-col gap-1">
        <span className="font-medium">E-mail address</span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'orders-email-problem' : undefined}
          className="rounded-md border border-stone-400 px-3 py-2 text-base"
        />
      </label>
      {problem && (
        <p id="orders-email-problem" role="alert" className="text-red-800">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start">
        E-mail me a link
      </button>
    </form>
  );
}

/** A button that does the link's work (a POST), so a mail scanner opening the link changes nothing. */
export function PostButton({ action, label, fields }: { action: string; label: string; fields: Record<string, string> }) {
  const to = useHref();
  return (
    <form method="post" action={to(action)}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn btn-primary">
        {label}
      </button>
    </form>
  );
}

/** Every order of the address: number (to its page), date, total, both statuses, tracking once shipped. */
export function OrdersList({
  email,
  orders,
  market,
  referral,
}: {
  email: string;
  orders: AddressOrder[];
  market: Market;
  referral: string | null;
}) {
  const to = useHref();
  return (
    <>
      <p>{`Orders placed with ${email}, newest first.`}</p>
      {orders.length === 0 ? (
        <p>There are no orders with this address.</p>
      ) : (
        <ul className="flex flex-col gap-3" data-your-orders={orders.length}>
          {orders.map((o) => (
            <li key={o.number} className="rounded-lg border border-stone-200 bg-white p-4" data-your-order={o.number}>
              <p className="flex flex-wrap justify-between gap-x-4">
                <a href={to(orderPagePath(o.number, o.token))} className="font-mono font-semibold text-red-800 underline">
                  {o.number}
                </a>
                <span>{formatMinor(o.total, o.currency)}</span>
              </p>
              <p className="mt-1 text-sm text-stone-700">
                <time dateTime={o.createdAt}>{formatMarketDate(o.createdAt, market)}</time>
                {` · ${shortStanding(o)}`}
              </p>
              {o.tracking && (
                <p className="mt-1 text-sm text-stone-700 [overflow-wrap:anywhere]">
                  {`Tracking${o.tracking.carrier ? ` (${o.tracking.carrier})` : ''}: `}
                  {o.tracking.url ? (
                    <a href={o.tracking.url} className="underline" rel="noopener noreferrer">
                      {o.tracking.number}
                    </a>
                  ) : (
                    o.tracking.number
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {referral && (
        <p data-referral-code={referral}>
          {`Refer a Friend: give friends your code ${referral}. It takes ${referralWords(currencyOfMarket[market])} off their first order, and for each friend who orders we send you a code worth the same.`}
        </p>
      )}
      <section aria-labelledby="your-data" className="flex flex-col gap-2">
        <h2 id="your-data" className="text-lg font-semibold">
          Your data
        </h2>
        <p>
          {`Everything we hold on ${email}: your orders, messages, requests and reviews, what each is for and how long we keep it. A file you can keep or move elsewhere (JSON). To have your data erased, e-mail ${shopInfo.email}.`}
        </p>
        <a href={to(MY_DATA_PATH)} download className="btn btn-secondary self-start" data-my-data>
          Download my data
        </a>
      </section>
      <PostButton action="/orders/forget" label="Forget me on this device" fields={{}} />
    </>
  );
}
