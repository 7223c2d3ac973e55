import { campaignKeys, type CampaignParams } from '#shared/site/campaign.ts';
import type { AnalyticsItem } from '#shared/catalogue/item-events.ts';
import { plainName, isPurchasable } from '#shared/catalogue/product.ts';
import type { PaymentLinks, StockLevel } from '#shared/catalogue/types.ts';
import { useHref } from '#ui/state/market-context.ts';

export interface BuyButtonProps {
  productId: number;
  name: string;
  /** The product's payment links: the press goes to the one for the region the page shows. */
  links: PaymentLinks;
  stock: StockLevel;
  item: AnalyticsItem;
  /** Campaign parameters of the page's URL, posted by the form. */
  campaign: CampaignParams;
  soldOutLabel: 'Sold Out' | 'Out of Stock';
  className?: string;
}

/**
 * Buy Now: without JavaScript a form posting to /checkout/{id}, which redirects to the payment link.
 * It needs no React, so the first tap navigates at once, hydrated or not: src/client/cart/buy-now.ts
 * records begin_checkout, shows the press, goes to the link and ignores a second press
 * (data-buy-now, data-links, data-item).
 */
export function BuyButton({ productId, name, links, stock, item, campaign, soldOutLabel, className = '' }: BuyButtonProps) {
  const to = useHref();
  if (!isPurchasable(stock)) {
    return (
      <button type="button" disabled className={`btn cursor-not-allowed bg-stone-200 text-stone-700 ${className}`}>
        {stock === 'Stock unknown' ? 'Unavailable right now' : soldOutLabel}
      </button>
    );
  }
  return (
    <form
      method="post"
      action={to(`/checkout/${productId}`)}
      data-buy-now=""
      data-links={JSON.stringify(links)}
      data-item={JSON.stringify(item)}
      className="contents"
    >
      {campaignKeys.map((key) => (campaign[key] ? <input key={key} type="hidden" name={key} value={campaign[key]} /> : null))}
      {/* The visible words first, then which product: cards put several Buy buttons on one page. */}
      <button type="submit" aria-label={`Buy Now: ${plainName(name)}`} className={`btn btn-primary ${className}`}>
        <span data-buy-label="">Buy Now</span>
      </button>
    </form>
  );
}
