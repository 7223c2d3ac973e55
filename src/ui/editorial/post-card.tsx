import { FEATURED_IMAGE_SIZE, type PostTeaser } from '#shared/editorial/posts.ts';
import { useHref, useMarketDate } from '#ui/state/market-context.ts';
import { imageSources } from '#shared/photos/photo-files.ts';

/** Text area height shared with the skeleton, so a card replaces its placeholder without a jump. */
const CARD_TEXT_HEIGHT = 'h-48';

/** A blog card: image, category, date, title, excerpt; the whole card is one link, to the article. */
export function PostCard({ card }: { card: PostTeaser }) {
  const to = useHref();
  const day = useMarketDate();
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {/* The title next to it names the card; the image is decoration. */}
      <img
        {...imageSources(card.image, '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw')}
        alt=""
        {...FEATURED_IMAGE_SIZE}
        loading="lazy"
        decoding="async"
        className="aspect-[1200/630] w-full bg-stone-200 object-cover"
      />
      <div className={`flex flex-col gap-2 overflow-hidden p-4 ${CARD_TEXT_HEIGHT}`}>
        <p className="flex flex-wrap items-center gap-x-3 text-xs">
          <span className="font-semibold uppercase tracking-wide text-red-700">{card.category}</span>
          <time dateTime={card.date} className="text-stone-700">
            {day(card.date)}
          </time>
        </p>
        <h3 className="line-clamp-2 text-lg font-semibold leading-snug">
          <a
            href={to(card.url)}
            className="after:absolute after:inset-0 after:rounded-lg hover:text-red-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-red-700"
          >
            {card.title}
          </a>
        </h3>
        <p className="line-clamp-3 text-sm text-stone-700">{card.excerpt}</p>
      </div>
    </article>
  );
}

/** A card-sized placeholder while posts load: same image ratio and text height as a card. */
export function PostCardSkeleton() {
  return (
    <div className="h-full overflow-hidden rounded-lg border border-stone-200 bg-white">
      <div className="aspect-[1200/630] w-full animate-pulse bg-stone-200" />
      <div className={`flex flex-col gap-3 p-4 ${CARD_TEXT_HEIGHT}`}>
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-6 w-4/5 rounded bg-stone-200" />
        <div className="h-4 w-full rounded bg-stone-200" />
      </div>
    </div>
  );
}
