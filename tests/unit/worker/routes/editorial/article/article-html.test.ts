import { describe, expect, it } from 'vitest';
import { contentPosts as seedPosts } from '../../../../../support/content';
import { sanitizeArticleHtml } from '#worker/routes/editorial/article/article-html.ts';

const tagsOf = (html: string) => new Set([...html.matchAll(/<([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));

describe('sanitizeArticleHtml', () => {
  it('removes scripts and styles with their content, keeping the text around them', () => {
    expect(sanitizeArticleHtml('<p>before</p><script>alert(1)</script><style>p{color:red}</style><p>after</p>')).toBe(
      '<p>before</p><p>after</p>',
    );
    expect(sanitizeArticleHtml('<svg><script>alert(1)</script></svg><p>x</p>')).toBe('<p>x</p>');
    // An unclosed script loses its tag; what follows is harmless text.
    expect(sanitizeArticleHtml('<p>a<script>alert(1)')).toBe('<p>aalert(1)');
  });

  it('removes event handlers, style and class attributes and tags outside the allow-list', () => {
    expect(sanitizeArticleHtml('<p onclick="steal()" style="position:fixed" class="x" id="y">Hi <em>there</em></p>')).toBe(
      '<p>Hi <em>there</em></p>',
    );
    expect(sanitizeArticleHtml('<img src=x onerror=alert(1)><p>t</p>')).toBe('<img><p>t</p>');
    expect(sanitizeArticleHtml('<div><h1>Title</h1><span>text</span></div>')).toBe('Titletext');
  });

  it('keeps Markdown images from the site or over https, with alt and title only', () => {
    expect(sanitizeArticleHtml('<img src="/images/blog/a.svg" alt="A" title="T" width="9" class="c">')).toBe(
      '<img src="/images/blog/a.svg" alt="A" title="T">',
    );
    expect(sanitizeArticleHtml('<img src="https://cdn.example.com/a.png" alt="A">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="A">',
    );
    for (const src of [
      'http://plain.example/a.png',
      '//cdn.example.com/a.png',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'javascript:alert(1)',
    ])
      expect(sanitizeArticleHtml(`<img src="${src}" alt="A">`), src).toBe('<img alt="A">');
  });

  it('removes iframes, objects and embeds with their content', () => {
    expect(sanitizeArticleHtml('<iframe src="https://evil.example"><p>inside</p></iframe><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeArticleHtml('<object data="x.swf"><embed src="x.swf"></object><p>ok</p>')).toBe('<p>ok</p>');
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'jav&#x61;script:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,AAAA',
    'tel:123',
    'products',
  ])('drops the href %j', (href) => {
    expect(sanitizeArticleHtml(`<a href="${href}">link</a>`)).toBe('<a>link</a>');
  });

  it('keeps site, in-page, web and mail links; only external ones get rel=noopener, target and rel from the source go', () => {
    expect(sanitizeArticleHtml('<a href="/products" rel="nofollow">x</a>')).toBe('<a href="/products">x</a>');
    expect(sanitizeArticleHtml('<a href="#grip">x</a>')).toBe('<a href="#grip">x</a>');
    expect(sanitizeArticleHtml('<a href="mailto:support@example.com">x</a>')).toBe('<a href="mailto:support@example.com">x</a>');
    expect(sanitizeArticleHtml('<a href="https://example.com/a?b=1" target="_blank">x</a>')).toBe(
      '<a rel="noopener" href="https://example.com/a?b=1">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="//example.com/">x</a>')).toBe('<a rel="noopener" href="//example.com/">x</a>');
    expect(sanitizeArticleHtml('<a href="https://example.com/?q=&quot;><script>">x</a>')).not.toContain('<script');
  });

  it('removes comments and escapes stray angle brackets in text', () => {
    expect(sanitizeArticleHtml('<!-- note --><p>1 < 2 &ldquo;q&rdquo;</p>')).toBe('<p>1 &lt; 2 &ldquo;q&rdquo;</p>');
  });

  it('keeps every article in content/ exactly as Markdown renders it: the files use only allow-listed tags', () => {
    for (const post of seedPosts) {
      expect(sanitizeArticleHtml(post.content), post.slug).toBe(post.content);
    }
    const used = new Set(seedPosts.flatMap((p) => [...tagsOf(p.content)]));
    expect([...used].toSorted()).toEqual(['a', 'blockquote', 'h2', 'h3', 'li', 'ol', 'p', 'strong', 'ul']);
  });
});
