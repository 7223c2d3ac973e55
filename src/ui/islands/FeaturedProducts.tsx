import type { CampaignParams } from '#shared/site/campaign.ts';
import type { CardItem } from '#shared/catalogue/list.ts';
import type { Region } from '#shared/region/region.ts';
import { ProductCards } from '#ui/shop/product-card.tsx';
import { useRegion } from '#ui/state/use-region.ts';

export interface FeaturedProductsProps {
  items: CardItem[];
  list: { id: string; name: string };
  region: Region;
  campaign: CampaignParams;
}

/** The home page's bestseller cards: prices follow the region, cards record select_item, Buy checks out. */
export default function FeaturedProducts({ items, list, region, campaign }: FeaturedProductsProps) {
  const liveRegion = useRegion(region);
  return (
    <ProductCards
      items={items}
      ctx={{ region: liveRegion, list, campaign, view: 'grid', headingLevel: 3 }}
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
    />
  );
}
