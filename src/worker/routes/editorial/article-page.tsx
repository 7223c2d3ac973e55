import { Suspense } from 'react';
import { articleJsonLd } from '#shared/editorial/article-jsonld.ts';
import { articlePath, DIGEST, digestFeedLink, FEATURED_IMAGE_SIZE, type Article, type PostSummary } from '#shared/editorial/posts.ts';
import { breadcrumbJsonLd, type Crumb } from '#shared/seo/breadcrumb.ts';
import { formatLongDate } from '#shared/site/dates.ts';
import { metaDescription } from '#shared/seo/meta-description.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Breadcrumb } from '#worker/components/breadcrumb.tsx';
import { sanitizeArticleHtml } from './article-html';
import { ArticleProducts } from './article-products';
import { RelatedArticles, RelatedArticlesSkeleton } from './related-articles';

/** The article's breadcrumb: Home > Training Gun Digest > title. */
function articleTrail(article: Article): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: DIGEST.name, path: DIGEST.path },
    { name: article.title, path: articlePath(article.slug) },
  ];
}

/**
 * One canonical per article, /training-gun-digest/{slug}, whichever address showed it (also
 * /blog/{slug}); the same URL in Open Graph, the JSON-LD and the sitemap.
 */
export function articleHead(article: Article, siteUrl: string): PageHead {
  const path = articlePath(article.slug);
  const description = metaDescription(article.metaDescription || article.excerpt || article.title);
  return {
    title: article.metaTitle || article.title,
    links: [digestFeedLink],
    description,
    canonicalPath: path,
    type: 'article',
    article: { publishedTime: article.publishedAt, modifiedTime: article.updatedAt },
    ...(article.featuredImage && { image: article.featuredImage, imageSize: FEATURED_IMAGE_SIZE, imageAlt: article.title }),
    jsonLd: [articleJsonLd(article, description, path, siteUrl), breadcrumbJsonLd(articleTrail(article), siteUrl)],
  };
}

function ArticleDate({ label, iso }: { label: string; iso: string }) {
  return (
    <p>
      {label} <time dateTime={iso}>{formatLongDate(iso)}</time>
    </p>
  );
}

export interface ArticlePageProps {
  article: Article;
  /** Catalogue ids of the post's featured products, read with the post. */
  productIds: number[];
  /** Started by the route; the related block waits for it behind Suspense so the article streams first. */
  related: Promise<PostSummary[]>;
}

/** Single article page: /training-gun-digest/{slug} (and /blog/{slug}). */
export function ArticlePage({ article, productIds, related }: ArticlePageProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <article className="mx-auto max-w-3xl">
        <Breadcrumb trail={articleTrail(article)} />
        <header className="mt-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{article.title}</h1>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700">
            <ArticleDate label="Published" iso={article.publishedAt} />
            <ArticleDate label="Last Updated" iso={article.updatedAt} />
          </div>
        </header>
        {article.featuredImage && (
          <img
            src={article.featuredImage}
            alt={article.title}
            {...FEATURED_IMAGE_SIZE}
            fetchPriority="high"
            className="mt-8 aspect-[1200/630] w-full rounded-lg bg-stone-200 object-cover"
          />
        )}
        <ArticleProducts productIds={productIds} />
        <div className="article-body mt-10" dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(article.content) }} />
      </article>
      <Suspense fallback={<RelatedArticlesSkeleton />}>
        <RelatedArticles posts={related} />
      </Suspense>
      <p className="mt-16 text-center">
        <a href={DIGEST.path} className="btn btn-secondary">
          <span aria-hidden="true">←</span>&nbsp;Back to {DIGEST.name}
        </a>
      </p>
    </div>
  );
}
