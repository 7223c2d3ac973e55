import type { FormEvent } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '#shared/cart/cart.ts';
import type { CartViewLine } from '#shared/cart/view.ts';
import { formatMinor } from '#shared/money.ts';
import { plainName } from '#shared/catalogue/product.ts';
import type { Currency } from '#shared/region/region.ts';
import { ProductTile } from '#ui/shop/product-tile.tsx';
import { useHref } from '#ui/state/market-context.ts';

export interface CartLineProps {
  line: CartViewLine;
  /** Minor units of `currency`. */
  unitAmount: number;
  lineAmount: number;
  currency: Currency;
  onQuantity: (line: CartViewLine, quantity: number) => void;
  onRemove: (line: CartViewLine) => void;
  /** Shown under the line, e.g. its own Buy Now when items are paid one by one. */
  children?: React.ReactNode;
}

/** The quantity a stepper button stands for (its value), from the submit event. */
function submittedQuantity(event: FormEvent<HTMLFormElement>): number {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  return Number(submitter?.value);
}

/**
 * One cart line. The stepper and Remove are plain forms (each stepper button posts the quantity it
 * stands for); the island handles them in place.
 */
export function CartLineRow({ line, unitAmount, lineAmount, currency, onQuantity, onRemove, children }: CartLineProps) {
  const to = useHref();
  const name = plainName(line.name);
  const short = line.available !== undefined && line.quantity > line.available;
  // No more than the shop has (when known), within the cart's 1-10.
  const most = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, line.available ?? MAX_QUANTITY));
  const stepper = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = submittedQuantity(event);
    if (Number.isInteger(quantity)) onQuantity(line, quantity);
  };
  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onRemove(line);
  };
  return (
    <ProductTile
      product={line}
      href={to(line.href)}
      layout="row"
      headingLevel={2}
      eager
      boxClassName="gap-4 border-b border-stone-200 py-6"
      imageClassName="h-20 w-20 rounded-md border border-stone-200 sm:h-24 sm:w-24"
      nameClassName="text-base font-semibold"
      data={{ 'data-cart-line': line.id }}
    >
      <div className="flex flex-1 flex-col gap-3">
        <p className="font-semibold" data-line-total>
          {formatMinor(lineAmount, currency)}
        </p>
        <p className="text-sm text-stone-700">
          Unit price <span data-unit-price>{formatMinor(unitAmount, currency)}</span>
        </p>
        {short && (
          <p className="text-sm font-semibold text-red-800" data-line-stock>
            {line.available === 0
              ? 'Out of stock: remove it to check out.'
              : `Only ${line.available} left: lower the quantity to check out.`}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <form
            method="post"
            action={to('/cart/update')}
            onSubmit={stepper}
            className="flex items-center"
            aria-label={`Quantity of ${name}`}
          >
            <input type="hidden" name="product_id" value={line.id} />
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1}
              disabled={line.quantity <= MIN_QUANTITY}
              aria-label={`Decrease quantity of ${name}`}
              className="h-10 w-10 rounded-l-md border border-stone-400 text-lg disabled:cursor-not-allowed disabled:text-stone-400"
            >
              −
            </button>
            <output
              aria-live="polite"
              aria-label={`Quantity: ${line.quantity}`}
              className="flex h-10 w-12 items-center justify-center border-y border-stone-400"
            >
              {line.quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              disabled={line.quantity >= most}
              aria-label={`Increase quantity of ${name}`}
              className="h-10 w-10 rounded-r-md border border-stone-400 text-lg disabled:cursor-not-allowed disabled:text-stone-400"
            >
              +
            </button>
          </form>
          <form method="post" action={to('/cart/remove')} onSubmit={remove}>
            <input type="hidden" name="product_id" value={line.id} />
            <button
              type="submit"
              aria-label={`Remove ${name}`}
              className="text-sm font-medium text-red-800 underline underline-offset-2 hover:text-red-900"
            >
              Remove
            </button>
          </form>
        </div>
        {children}
      </div>
    </ProductTile>
  );
}
