import type { PriceTable } from '#shared/catalogue/prices.ts';
import { formatMoney } from '#shared/money.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/**
 * A price in the visitor's currency. It carries every currency's amount so the browser can switch
 * it in place when the visitor changes region (src/client/region/follow-region-prices.ts).
 */
export function Price({ amounts, className, strike }: { amounts: PriceTable; className?: string; strike?: boolean }) {
  const currency = currencyByRegion[useRequestInfo().region.region];
  const Tag = strike ? 's' : 'span';
  return (
    <Tag className={className} data-prices={JSON.stringify(amounts)}>
      {formatMoney(amounts[currency], currency)}
    </Tag>
  );
}
