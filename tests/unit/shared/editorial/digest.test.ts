import { describe, expect, it } from 'vitest';
import { groupByCategory, type PostCategory } from '#shared/editorial/digest.ts';
import { postSummary as post } from '../../../support/posts';

const categories: PostCategory[] = [
  { id: 1, name: 'Equipment Guides', description: 'Gear.' },
  { id: 2, name: 'Fundamentals', description: null },
  { id: 3, name: 'Tactical Training', description: 'Drills.' },
];

describe('groupByCategory (digest landing category cards)', () => {
  const posts = [
    post(1, 'A', ['Fundamentals', 'dry fire']),
    post(2, 'B', ['Equipment Guides']),
    post(3, 'C', ['Fundamentals']),
    post(4, 'D', ['fundamentals']),
    post(5, 'E', ['Fundamentals']),
    post(6, 'F', ['dry fire', 'Fundamentals']),
    post(7, 'G', []),
  ];

  it('gives each category, in the given order, its first 3 posts by first tag; empty categories get none', () => {
    const groups = groupByCategory(categories, posts);
    expect(groups.map((g) => [g.category.name, g.slug, g.cards.map((c) => c.id)])).toEqual([
      ['Equipment Guides', 'equipment-guides', [2]],
      // Post 4's tag differs only in case and has the same slug; post 6's first tag is not the category.
      ['Fundamentals', 'fundamentals', [1, 3, 4]],
      ['Tactical Training', 'tactical-training', []],
    ]);
  });

  it('takes another count when asked, and gives no groups without categories', () => {
    expect(groupByCategory(categories, posts, 1)[1]!.cards.map((c) => c.id)).toEqual([1]);
    expect(groupByCategory([], posts)).toEqual([]);
  });
});
