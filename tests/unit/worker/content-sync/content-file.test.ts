import { describe, expect, it } from 'vitest';
import { markdownToHtml, parseCategoryFile, parsePostFile, type ContentChecks } from '#worker/content-sync/content-file.ts';

const checks: ContentChecks = {
  imageExists: (path) => path === '/images/blog/known.svg',
  productExists: (id) => id >= 1 && id <= 15,
};

const file = (frontMatter: string, body = 'Some **text**.') => `---\n${frontMatter}\n---\n\n${body}\n`;
const good = `title: A Guide
excerpt: Short summary.
featured_image: /images/blog/known.svg
published_at: 2026-01-02
tags: [Fundamentals, dry fire]
related_products: [4, 1, 4]`;

const reason = (text: string, path = 'content/posts/a-guide.md') => {
  const parsed = parsePostFile(path, text, checks);
  return parsed.ok ? null : parsed.problem.reason;
};

describe('parsePostFile', () => {
  it('reads the front matter, derives the slug from the file name and renders the body', () => {
    const parsed = parsePostFile('content/posts/a-guide.md', file(good), checks);
    expect(parsed).toEqual({
      ok: true,
      value: {
        path: 'content/posts/a-guide.md',
        slug: 'a-guide',
        title: 'A Guide',
        excerpt: 'Short summary.',
        featuredImage: '/images/blog/known.svg',
        publishedAt: '2026-01-02T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
        tags: ['Fundamentals', 'dry fire'],
        published: true,
        productIds: [1, 4],
        metaTitle: null,
        metaDescription: null,
        content: '<p>Some <strong>text</strong>.</p>\n',
        markdown: 'Some **text**.',
      },
    });
  });

  it('takes an explicit slug, updated date, draft flag and meta fields', () => {
    const parsed = parsePostFile(
      'content/posts/x.md',
      file(`${good}\nslug: other-slug\nupdated_at: 2026-02-03T10:00:00+01:00\npublished: false\nmeta_title: Meta\nmeta_description: Desc`),
      checks,
    );
    expect(parsed.ok && parsed.value).toMatchObject({
      slug: 'other-slug',
      updatedAt: '2026-02-03T09:00:00.000Z',
      published: false,
      metaTitle: 'Meta',
      metaDescription: 'Desc',
    });
  });

  it.each([
    ['missing title', file(good.replace('title: A Guide\n', '')), 'missing title'],
    ['an empty title', file(good.replace('title: A Guide', 'title: "  "')), 'title is empty'],
    [
      'a bad date',
      file(good.replace('2026-01-02', 'next tuesday')),
      'published_at: is not a date (use e.g. 2026-11-23 or 2026-11-23T08:00:00Z)',
    ],
    ['a missing date', file(good.replace('published_at: 2026-01-02\n', '')), 'missing published_at'],
    ['an unknown product id', file(good.replace('[4, 1, 4]', '[1, 99]')), 'unknown product id 99 in related_products'],
    [
      'a missing image',
      file(good.replace('known.svg', 'gone.svg')),
      'image /images/blog/gone.svg does not exist under public/ (check its name)',
    ],
    [
      'a relative image',
      file(good.replace('/images/blog/known.svg', 'images/x.png')),
      'image images/x.png must be a path under public/ (starting with /) or an https URL',
    ],
    [
      'a missing image in the body',
      file(good, '![alt](/images/blog/nope.png)'),
      'image /images/blog/nope.png does not exist under public/ (check its name)',
    ],
    ['a bad slug', file(`${good}\nslug: Not A Slug`), 'slug: must be lower-case words joined by hyphens'],
    ['a misspelt field', file(`${good}\npublised: true`), 'unknown front matter field publised'],
    ['front matter that does not parse', file('title: [unclosed'), expect.stringMatching(/^front matter does not parse: /)],
    ['no front matter', 'Just text.', 'no front matter (the file must start with a --- line)'],
  ])('refuses %s, naming the reason', (_, text, expected) => {
    expect(reason(text)).toEqual(expected);
  });

  it('accepts https images in the body and a body-less file', () => {
    expect(reason(file(good, '![A target](https://cdn.example.com/t.png)'))).toBeNull();
    expect(reason(`---\n${good}\n---\n`)).toBeNull();
  });

  it('refuses a file name that is not a slug when the front matter names none', () => {
    expect(reason(file(good), 'content/posts/My Guide.md')).toBe('slug My Guide must be lower-case words joined by hyphens');
  });
});

describe('parseCategoryFile', () => {
  it('reads name and description', () => {
    expect(parseCategoryFile('c.md', '---\nname: Fundamentals\ndescription: Basics.\n---\n')).toEqual({
      ok: true,
      value: { path: 'c.md', name: 'Fundamentals', description: 'Basics.' },
    });
  });

  it('refuses a category without a name', () => {
    expect(parseCategoryFile('c.md', '---\ndescription: Basics.\n---\n')).toEqual({
      ok: false,
      problem: { path: 'c.md', reason: 'missing name' },
    });
  });
});

describe('markdownToHtml', () => {
  it('writes headings, lists, links and emphasis as the article allow-list expects', () => {
    expect(markdownToHtml('## Safety\n\n- **One** [link](/products)\n- *two*\n\n> quote')).toBe(
      '<h2>Safety</h2>\n<ul>\n<li><strong>One</strong> <a href="/products">link</a></li>\n<li><em>two</em></li>\n</ul>\n<blockquote>\n<p>quote</p>\n</blockquote>\n',
    );
  });
});
