import { useEffect, useRef, useState, type FormEvent } from 'react';
import { campaignKeys, type CampaignParams } from '#shared/site/campaign.ts';
import type { AnalyticsItem } from '#shared/catalogue/item-events.ts';
import { plainName, isPurchasable } from '#shared/catalogue/product.ts';
import type { StockLevel } from '#shared/catalogue/types.ts';
import { startCheckout } from '../checkout';
import { useHref } from '#client/market-context.ts';

export interface BuyButtonProps {
  productId: number;
  name: string;
  stock: StockLevel;
  item: AnalyticsItem;
  /** Campaign parameters of the page's URL, posted by the no-JavaScript form. */
  campaign: CampaignParams;
  soldOutLabel: 'Sold Out' | 'Out of Stock';
  className?: string;
}

/**
 * Buy Now. Without JavaScript it is a form posting to /checkout/{id}, which redirects to the payment
 * link; with it the redirect happens here, after begin_checkout. Once pressed it shows it is working
 * and ignores further presses until the page is shown again (e.g. back from the payment page).
 */
export function BuyButton({ productId, name, stock, item, campaign, soldOutLabel, className = '' }: BuyButtonProps) {
  const to = useHref();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setPending(false);
    };
    addEventListener('pageshow', reset);
    return () => removeEventListener('pageshow', reset);
  }, []);

  if (!isPurchasable(stock)) {
    return (
      <button type="button" disabled className={`btn cursor-not-allowed bg-stone-200 text-stone-700 ${className}`}>
        {soldOutLabel}
      </button>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    if (!startCheckout(name, item)) {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <form method="post" action={to(`/checkout/${productId}`)} onSubmit={onSubmit} className="contents">
      {campaignKeys.map((key) => (campaign[key] ? <input key={key} type="hidden" name={key} value={campaign[key]} /> : null))}
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        // The visible words first, then which product: cards put several Buy buttons on one page.
        aria-label={`${pending ? 'Redirecting…' : 'Buy Now'}: ${plainName(name)}`}
        className={`btn btn-primary ${className}`}
      >
        {pending ? 'Redirecting…' : 'Buy Now'}
      </button>
    </form>
  );
}
