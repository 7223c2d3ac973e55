import { useHref } from '#ui/state/market-context.ts';
/** The two ways on from a page with nothing more to do: to the products, or to a person. */
export function ShopOrAskLinks({ shopLabel, className = '' }: { shopLabel: string; className?: string }) {
  const to = useHref();
  return (
    <div className={`flex flex-wrap justify-center gap-4 ${className}`}>
      <a href={to('/products')} className="btn btn-primary">
        {shopLabel}
      </a>
      <a href={to('/contact')} className="btn btn-secondary">
        Contact Us
      </a>
    </div>
  );
}
