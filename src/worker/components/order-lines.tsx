import { ProductTile } from '#ui/shop/product-tile.tsx';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { formatMinor } from '#shared/money.ts';
import { orderTotalRows, type OrderAmounts } from '#shared/orders/order-totals.ts';

/** An order line as shown: its catalogue product when it is one, the amount for its quantity. */
export interface ShownOrderLine {
  productId: number | null;
  name: string;
  quantity: number;
  amount: number;
  product?: CatalogueProduct;
}

/** Every line of an order, its discount, shipping, tax and the total charged, in the order's currency (thank-you and order pages). */
export function OrderLines({ order }: { order: OrderAmounts & { lines: ShownOrderLine[] } }) {
  const money = (minor: number) => formatMinor(minor, order.currency);
  return (
    <section aria-labelledby="summary-heading" className="mt-10 w-full rounded-lg border border-stone-200 bg-white p-6 text-left shadow-sm">
      <h2 id="summary-heading" className="text-xl font-semibold">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-stone-200">
        {order.lines.map((line, index) => (
          <ProductTile
            key={index}
            product={line.product ?? { name: line.name }}
            layout="row"
            className="gap-4 py-3"
            imageClassName="h-16 w-16 rounded-md border border-stone-200"
            nameClassName="font-medium"
            data={{ 'data-order-line': line.productId ?? '' }}
          >
            <span className="flex justify-between gap-4">
              <span className="text-stone-700">× {line.quantity}</span>
              <span className="font-semibold">{money(line.amount)}</span>
            </span>
          </ProductTile>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-stone-200 pt-4">
        {orderTotalRows(order).map((row) => {
          const strong = row.kind === 'total' ? 'text-lg font-bold' : undefined;
          return [
            <dt key={`${row.kind}-t`} className={strong}>
              {row.label}
            </dt>,
            <dd key={`${row.kind}-d`} className={strong} data-order-amount={row.kind}>
              {row.value}
            </dd>,
          ];
        })}
      </dl>
    </section>
  );
}
