import { use, type ReactNode } from 'react';
import { articlePath, type PostSummary } from '#shared/editorial/posts.ts';
import { groupByCategory, type PostCategory, type CategoryGroup } from '#shared/editorial/digest.ts';
import { guidesPath } from '#shared/editorial/guides.ts';
import { useHref } from '#ui/state/market-context.ts';

/** Fixed card height, shared with the skeleton: the cards replace their placeholders without a jump. */
const cardBox = 'flex h-[21rem] flex-col overflow-hidden rounded-lg border border-stone-200 bg-white p-6 shadow-sm';

function CardsGrid({ children }: { children: ReactNode }) {
  return <ul className="mt-8 grid gap-6 md:grid-cols-3">{children}</ul>;
}

function CategoryCard({ group }: { group: CategoryGroup }) {
  const to = useHref();
  const headingId = `digest-category-${group.slug}`;
  return (
    <li>
      <article aria-labelledby={headingId} className={cardBox}>
        <h3 id={headingId} className="text-xl font-bold">
          {group.category.name}
        </h3>
        <p className="mt-2 line-clamp-2 h-10 text-sm text-stone-700">{group.category.description}</p>
        {group.cards.length === 0 ? (
          <p className="mt-4 text-sm text-stone-700">No articles in this category yet.</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {group.cards.map((card) => (
              <li key={card.id} className="h-10">
                <a
                  href={to(articlePath(card.slug))}
                  className="line-clamp-2 text-sm font-medium leading-5 text-stone-900 hover:text-red-700 hover:underline"
                >
                  {card.title}
                </a>
              </li>
            ))}
          </ul>
        )}
        <a href={to(guidesPath({ category: group.slug }))} className="mt-auto pt-4 text-sm font-semibold text-red-700 hover:text-red-800">
          All {group.category.name} guides <span aria-hidden="true">→</span>
        </a>
      </article>
    </li>
  );
}

/** One card per backend category with up to 3 of its published posts. */
export function CategoryCards({ categories, posts }: { categories: Promise<PostCategory[]>; posts: Promise<PostSummary[]> }) {
  const groups = groupByCategory(use(categories), use(posts));
  if (groups.length === 0) return <p className="mt-8 text-stone-700">No articles published yet. Check back soon!</p>;
  return (
    <CardsGrid>
      {groups.map((group) => (
        <CategoryCard key={group.category.id} group={group} />
      ))}
    </CardsGrid>
  );
}

/** Three card-sized placeholders while the categories load. */
export function CategoryCardsSkeleton() {
  return (
    <div aria-hidden="true" data-skeleton="digest-categories">
      <CardsGrid>
        {[0, 1, 2].map((i) => (
          <li key={i} className={cardBox}>
            <div className="h-7 w-1/2 animate-pulse rounded bg-stone-200" />
            <div className="mt-2 h-10 rounded bg-stone-200" />
            <div className="mt-4 flex flex-col gap-3">
              {[0, 1, 2].map((j) => (
                <div key={j} className="h-10 rounded bg-stone-200" />
              ))}
            </div>
          </li>
        ))}
      </CardsGrid>
    </div>
  );
}
