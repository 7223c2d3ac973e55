import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { atomFeed } from '#shared/editorial/feed.ts';

const post = {
  id: 1,
  title: 'Grip & <Stance>',
  slug: 'grip-stance',
  excerpt: 'Hands "high" on the grip.',
  featuredImage: null,
  publishedAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-02-03T00:00:00.000Z',
  tags: ['Fundamentals', 'grip'],
};

describe('atomFeed', () => {
  it('writes well-formed Atom, escaping text, with canonical article addresses', () => {
    const xml = atomFeed('https://shop.example', [
      post,
      { ...post, id: 2, slug: 'older', excerpt: null, tags: [], updatedAt: post.publishedAt },
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect(feed.updated).toBe('2026-02-03T00:00:00.000Z');
    expect(feed.link.map((l: Record<string, string>) => l['@_rel'])).toEqual(['self', 'alternate']);
    expect(feed.entry[0]).toMatchObject({
      id: 'https://shop.example/training-gun-digest/grip-stance',
      title: 'Grip & <Stance>',
      summary: 'Hands "high" on the grip.',
      category: { '@_term': 'Fundamentals' },
    });
    expect(feed.entry[1].summary).toBeUndefined();
    expect(feed.entry[1].category).toBeUndefined();
  });

  it('is valid with no posts', () => {
    const xml = atomFeed('https://shop.example', []);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('<entry>');
  });
});
