import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import type { PostCategory } from '#shared/editorial/digest.ts';
import type { Post, PostSummary } from '#shared/editorial/posts.ts';
import type { Db } from '#worker/db/client.ts';
import { CacheLong, CacheShort } from '#worker/db/read-cache/strategy.ts';
import {
  countPosts,
  getPublishedPost,
  listCategories,
  listFeedPosts,
  listLatestPosts,
  listPosts,
  listPostsForSitemap,
  postProductsBySlug,
  postsPerCategory,
  relatedPosts,
  type PostQuery,
} from './post-queries.ts';
import { read } from '#worker/db/read-cache/read.ts';

/**
 * Every read of the posts that a page makes for visitors, each with its cache strategy and the
 * spec's fallback (error catalogue: lists, categories and related give [], the post gives nothing).
 */
export function postReads(db: Db) {
  return {
    categories: () =>
      read({
        name: 'categories',
        args: [],
        strategy: CacheLong,
        query: listCategories(db),
        map: (rows): PostCategory[] => rows,
        fallback: [],
      }),
    post: (slug: string) =>
      read({
        name: 'post',
        args: [slug],
        strategy: CacheShort,
        query: getPublishedPost(db, slug),
        map: (rows): Post | null => rows[0] ?? null,
        fallback: null,
      }),
    products: (slug: string) =>
      read({
        name: 'post-products',
        args: [slug],
        strategy: CacheShort,
        query: postProductsBySlug(db, slug),
        map: (rows): CatalogueProduct[] => rows.map((r) => r.doc),
        fallback: [],
      }),
    related: (slug: string) =>
      read({
        name: 'related',
        args: [slug],
        strategy: CacheShort,
        query: relatedPosts(db, slug),
        map: (rows): PostSummary[] => rows,
        fallback: [],
      }),
    latest: (limit: number) =>
      read({
        name: 'latest',
        args: [limit],
        strategy: CacheShort,
        query: listLatestPosts(db, limit),
        map: (rows): PostSummary[] => rows,
        fallback: [],
      }),
    perCategory: (perCategory: number, names?: string[]) =>
      read({
        name: 'per-category',
        args: [perCategory, names ?? null],
        strategy: CacheShort,
        query: postsPerCategory(db, perCategory, { names }),
        map: (rows): PostSummary[] => rows,
        fallback: [],
      }),
    search: (query: PostQuery) =>
      read({
        name: 'search',
        args: [query],
        strategy: CacheShort,
        query: listPosts(db, query),
        map: (rows): PostSummary[] => rows,
        fallback: [],
      }),
    searchCount: (query: PostQuery) =>
      read({
        name: 'search-count',
        args: [query],
        strategy: CacheShort,
        query: countPosts(db, query),
        map: (rows) => rows[0]?.n ?? 0,
        fallback: 0,
      }),
    feed: (limit: number) =>
      read({ name: 'feed', args: [limit], strategy: CacheShort, query: listFeedPosts(db, limit), map: (rows) => rows, fallback: [] }),
    sitemap: () =>
      read({ name: 'sitemap', args: [], strategy: CacheShort, query: listPostsForSitemap(db), map: (rows) => rows, fallback: [] }),
  };
}

export type PostReads = ReturnType<typeof postReads>;
