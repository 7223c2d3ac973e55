import { stockTone, type StockTone } from '#shared/catalogue/product.ts';
import type { StockLevel } from '#shared/catalogue/types.ts';

/** In Stock green, Low Stock amber, Out of Stock red, anything else grey; every pair passes WCAG AA for small text. */
const toneClasses: Record<StockTone, string> = {
  in: 'bg-green-100 text-green-800',
  low: 'bg-amber-100 text-amber-900',
  out: 'bg-red-100 text-red-800',
  other: 'bg-stone-100 text-stone-700',
};

export function StockBadge({ stock }: { stock: StockLevel }) {
  const tone = stockTone(stock);
  return (
    <p
      className={`inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium ${toneClasses[tone]}`}
      data-stock={tone}
    >
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-current" />
      {stock}
    </p>
  );
}
