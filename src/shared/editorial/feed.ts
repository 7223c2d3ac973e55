import { absoluteUrl } from '#shared/seo/tags.ts';
import { escapeHtml } from '#shared/site/html-escape.ts';
import { site } from '#shared/site/brand.ts';
import { DIGEST } from '#shared/site/navigation.ts';
import { articlePath, DIGEST_FEED, type PostSummary } from './posts.ts';

/** A feed entry: the post's summary columns and its last change. */
export type FeedPost = PostSummary & { updatedAt: string };

/**
 * The digest as an Atom 1.0 feed (RFC 4287): one entry per post with its canonical article URL as
 * id and link, title, dates, category and excerpt as summary. Entries carry no body, which keeps
 * the feed small; readers follow the link. `posts` are newest first.
 */
export function atomFeed(siteUrl: string, posts: readonly FeedPost[]): string {
  const feedUrl = absoluteUrl(siteUrl, DIGEST_FEED.path);
  const digestUrl = absoluteUrl(siteUrl, DIGEST.path);
  // An empty feed still needs an <updated>: the epoch says "nothing yet" without inventing a date.
  const updated = posts.reduce(
    (latest, p) => (p.updatedAt > latest ? p.updatedAt : latest),
    posts[0]?.publishedAt ?? new Date(0).toISOString(),
  );
  const entries = posts.map((p) => {
    const url = absoluteUrl(siteUrl, articlePath(p.slug));
    return [
      '  <entry>',
      `    <id>${escapeHtml(url)}</id>`,
      `    <title>${escapeHtml(p.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeHtml(url)}"/>`,
      `    <published>${escapeHtml(p.publishedAt)}</published>`,
      `    <updated>${escapeHtml(p.updatedAt > p.publishedAt ? p.updatedAt : p.publishedAt)}</updated>`,
      ...(p.tags[0] ? [`    <category term="${escapeHtml(p.tags[0])}"/>`] : []),
      ...(p.excerpt ? [`    <summary>${escapeHtml(p.excerpt)}</summary>`] : []),
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeHtml(feedUrl)}</id>`,
    `  <title>${escapeHtml(DIGEST.name)}</title>`,
    `  <subtitle>Dry-fire and laser training guides from ${escapeHtml(site.brand)}</subtitle>`,
    `  <link rel="self" type="${DIGEST_FEED.type}" href="${escapeHtml(feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(digestUrl)}"/>`,
    `  <updated>${escapeHtml(updated)}</updated>`,
    `  <author><name>${escapeHtml(site.brand)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
