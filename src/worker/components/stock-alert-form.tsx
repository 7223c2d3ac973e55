import { useId } from 'react';
import { ALERT_EMAIL_MAX } from '#shared/stock-alerts/alert-rules.ts';
import { useHref } from '#ui/state/market-context.ts';

/**
 * "E-mail me when it's back" for a sold-out product: a plain form (no island, no JavaScript needed),
 * posted to /stock-alerts in the page's market. `problem` and `email` redisplay a refused post.
 */
export function StockAlertForm({ productId, email, problem }: { productId: number; email?: string; problem?: string }) {
  const to = useHref();
  const id = useId();
  return (
    <form method="post" action={to('/stock-alerts')} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-4">
      <input type="hidden" name="product_id" value={productId} />
      <label htmlFor={`${id}-email`} className="text-sm font-semibold text-stone-900">
        Sold out for now. We can e-mail you once when it is back.
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          maxLength={ALERT_EMAIL_MAX}
          defaultValue={email}
          placeholder="you@example.com"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : `${id}-note`}
          // At least 12rem before the button wraps below it: on a phone the field takes the whole row.
          className="min-w-0 flex-1 basis-48 rounded-md border border-stone-400 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-red-700"
        />
        <button type="submit" className="btn btn-secondary">
          E-mail me when it&apos;s back
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : (
        <p id={`${id}-note`} className="text-xs text-stone-700">
          We send a link to confirm first, then one e-mail when it is back. Nothing else.
        </p>
      )}
    </form>
  );
}
