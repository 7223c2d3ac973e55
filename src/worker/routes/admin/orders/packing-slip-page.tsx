import { shopInfo } from '#shared/policy/shop-info.ts';
import { PostalAddress } from '#worker/components/postal-address.tsx';
import { shipsFrom } from '#shared/policy/ships-from.ts';
import { site } from '#shared/site/brand.ts';
import { addressLines } from '#shared/orders/address-lines.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import { ColumnHeads } from '#worker/components/column-heads.tsx';
import { when } from '#worker/routes/admin-frame/admin-ui.tsx';

/**
 * /admin/orders/:number/slip: what goes in the parcel, to print (no prices: a gift stays a gift). The
 * back office's header and this page's own hint do not print; no script: the browser's Print does it.
 */
export function PackingSlipPage({ order }: { order: StoredOrder }) {
  const from = shipsFrom(order.currency);
  const units = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <article className="flex flex-col gap-4 bg-white p-4 print:p-0" data-packing-slip={order.number}>
      <p className="text-sm text-stone-700 print:hidden">
        Print it with your browser: Ctrl+P (⌘P on a Mac), or Share, then Print, on a phone.{' '}
        <a href={`/admin/orders/${order.number}`} className="underline">
          Back to the order
        </a>
      </p>
      <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby="slip-to">
          <h2 id="slip-to" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
            Ship to
          </h2>
          <PostalAddress
            lines={[order.name, ...addressLines(order.shippingAddress)].filter((l): l is string => Boolean(l))}
            className="mt-1 text-lg not-italic"
          />
        </section>
        <section aria-labelledby="slip-from">
          <h2 id="slip-from" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
            From
          </h2>
          <PostalAddress lines={[site.brand, ...from.lines]} className="mt-1 not-italic" />
        </section>
      </div>
      <p>
        {`Order ${order.number}, placed ${when(order.createdAt)}`}
        {order.shippingOption && `; ${order.shippingOption}`}
      </p>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">What goes in the parcel</caption>
        <ColumnHeads rule="thick" columns={[['Item'], ['Quantity', 'right'], ['Packed', 'center']]} />
        <tbody className="divide-y divide-stone-300">
          {order.lines.map((l) => (
            <tr key={l.position}>
              <td className="py-2 pr-2 break-words">{l.name}</td>
              <td className="py-2 pr-2 text-right text-lg font-semibold">{l.quantity}</td>
              <td className="py-2 text-center" aria-label="Not yet packed">
                ☐
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-stone-900">
            <td className="py-1 pr-2 font-semibold">Units in all</td>
            <td className="py-1 pr-2 text-right font-semibold">{units}</td>
            <td aria-hidden="true" />
          </tr>
        </tfoot>
      </table>
      <p className="text-sm text-stone-700">{`Questions or a return: ${shopInfo.email}, ${shopInfo.phone}. Thank you for your order.`}</p>
    </article>
  );
}
