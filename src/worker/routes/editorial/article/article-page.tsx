import type { Context } from 'hono';
import { POSTS_TAG, postTag, productTag } from '#shared/caching/cache-tags.ts';
import { Suspense } from 'react';
import { articleJsonLd } from '#shared/editorial/article-jsonld.ts';
import { DIGEST } from '#shared/site/navigation.ts';
import { articlePath, digestFeedLink, FEATURED_IMAGE_SIZE, type Post, type PostSummary } from '#shared/editorial/posts.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { breadcrumbJsonLd, type Crumb } from '#shared/seo/breadcrumb.ts';
import { metaDescription } from '#shared/seo/meta-description.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { builtWithPost } from '#worker/posts/last-built-posts.ts';
import { postReads } from '#worker/posts/post-reads.ts';
import { postPreview, renamedPostSlug } from '#worker/posts/post-queries.ts';
import { errorFields } from '#worker/base/log.ts';
import { signedInAdmin } from '#worker/routes/admin-frame/admin-guard.tsx';
import { shopTime } from '#shared/policy/shop-time.ts';
import { knownListing } from '#worker/catalogue/catalogue-reads.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Breadcrumb } from '#worker/components/breadcrumb-nav.tsx';
import { sanitizeArticleHtml, siteLinksIn } from './article-html.ts';
import { ArticleProducts } from './article-products.tsx';
import { RelatedArticles, RelatedArticlesSkeleton } from './related-articles.tsx';
import { NewsletterForm } from '#worker/components/newsletter-form.tsx';
import { WELCOME_PERCENT } from '#shared/newsletter/newsletter-rules.ts';
import { useHref, useMarketDate } from '#ui/state/market-context.ts';
import { imageSources } from '#shared/photos/photo-files.ts';

export interface ArticleData {
  post: Post;
  /** The post's featured catalogue products, read with the post (ids not in the catalogue are skipped). */
  products: CatalogueProduct[];
  /** Started by `find`; the related block waits for it behind Suspense so the article streams first. */
  related: Promise<PostSummary[]>;
  /** The signed-in owner's preview of a post not public yet: a draft, or when it is scheduled for. */
  preview?: { scheduledFor: string | null };
}

/**
 * The published post with this slug, or null when it is unknown, unpublished, not yet due, or its
 * read failed with nothing kept. The product block sits above the article body, so its ids come with
 * the post: a block that appeared or vanished after the first paint would move the whole article.
 * Post, products and related posts are one batch (one round trip when not cached); the related block
 * still waits behind Suspense, so a slow related read never holds the article.
 */
export async function find(c: Context<AppEnv>, slug: string): Promise<ArticleData | null> {
  const reads = postReads(c.get('deps').db);
  const [post, products, related] = await c.get('reads').start([reads.post(slug), reads.products(slug), reads.related(slug)] as const);
  const [shown, featured] = await Promise.all([post, products]);
  if (!shown) return null;
  return { post: shown, products: featured, related };
}

/** Whether a published post has this slug (the post's read alone: for an address that only needs to know). */
export async function isPostSlug(c: Context<AppEnv>, slug: string): Promise<boolean> {
  const [post] = await c.get('reads').all([postReads(c.get('deps').db).post(slug)] as const);
  return post !== null && post !== undefined;
}

/**
 * An article the read cache holds (however old) is a page before its data is read again (docs/decisions/036):
 * its tags, its featured products as kept (else every product it may feature). One never read waits for
 * the database: only it knows whether a slug is an article.
 */
export async function early(c: Context<AppEnv>): Promise<string[] | null> {
  const deps = c.get('deps');
  const reads = postReads(deps.db);
  const slug = c.req.param('slug') ?? '';
  const post = await deps.readCache.peek(reads.post(slug));
  // A post this instance never read (nothing kept: undefined) is known by the build's list of published
  // slugs; one read as gone since (null kept) is not a page. Its products are not known yet, so every
  // listed product's tag is named (the page names only some of them).
  if (post === null || (post === undefined && !builtWithPost(slug))) return null;
  const products = (await deps.readCache.peek(reads.products(slug))) ?? [...(await knownListing(deps)).values()];
  return [postTag(slug), POSTS_TAG, ...products.map((p) => productTag(p.id))];
}

/**
 * A post not public yet, for a live back-office session alone (its cookie sends the request past the
 * kept pages, page-cache/visitor-request.ts): the draft as it will read, never kept (no tags, noindex).
 */
export async function ownersPreview(c: Context<AppEnv>, slug: string): Promise<ArticleData | null> {
  if (!(await signedInAdmin(c))) return null;
  const preview = await postPreview(c.get('deps').db, slug);
  if (!preview) return null;
  c.header('X-Robots-Tag', 'noindex');
  const { post } = preview;
  return {
    ...preview,
    related: Promise.resolve([]),
    preview: { scheduledFor: post.published ? post.publishedAt : null },
  };
}

/**
 * A post renamed since this address was its own: 301 to where it is now. Null when it never was a post's,
 * or when the lookup fails (an outage: the answer is what it would have been without renames).
 */
export async function movedPost(c: Context<AppEnv>, slug: string): Promise<Response | null> {
  if (c.get('reads').degraded()) return null;
  try {
    const now = await renamedPostSlug(c.get('deps').db, slug);
    return now ? c.redirect(c.get('href')(articlePath(now)), 301) : null;
  } catch (err) {
    c.get('log')('warn', 'renamed post lookup failed', { slug, ...errorFields(err) });
    return null;
  }
}

/** /blog/{slug}: the article, or the digest for a missing, unknown or unpublished one. */
export async function load(c: Context<AppEnv>): Promise<ArticleData | Response> {
  const slug = c.req.param('slug') ?? '';
  const found = await find(c, slug);
  if (found) return found;
  const preview = await ownersPreview(c, slug);
  if (preview) return preview;
  const moved = await movedPost(c, slug);
  if (moved) return moved;
  c.get('log')('info', 'article not shown, redirecting to the digest', { slug });
  return c.redirect(c.get('href')(DIGEST.path), 302);
}

/** The article's breadcrumb: Home > Training Gun Digest > title. */
function articleTrail(post: Post): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: DIGEST.name, path: DIGEST.path },
    { name: post.title, path: articlePath(post.slug) },
  ];
}

/**
 * One canonical per article, /training-gun-digest/{slug}, whichever address showed it (also
 * /blog/{slug}); the same URL in Open Graph, the JSON-LD and the sitemap.
 */
export function head({ post, products, preview }: ArticleData, siteUrl: string): PageHead {
  const path = articlePath(post.slug);
  const description = metaDescription(post.metaDescription || post.excerpt || post.title);
  if (preview) return { title: `Preview: ${post.title}`, description, canonicalPath: path, robots: 'noindex' };
  return {
    title: post.metaTitle || post.title,
    links: [digestFeedLink],
    description,
    canonicalPath: path,
    type: 'article',
    article: { publishedTime: post.publishedAt, modifiedTime: post.updatedAt },
    ...(post.featuredImage && { image: post.featuredImage, imageSize: FEATURED_IMAGE_SIZE, imageAlt: post.title }),
    jsonLd: [articleJsonLd(post, description, path, siteUrl), breadcrumbJsonLd(articleTrail(post), siteUrl)],
    cacheTags: [postTag(post.slug), POSTS_TAG, ...products.map((p) => productTag(p.id))],
  };
}

/** Says, to the owner alone, that what follows is not public yet. */
function PreviewNotice({ scheduledFor }: { scheduledFor: string | null }) {
  return (
    <p className="mx-auto mb-6 max-w-3xl rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-stone-900" data-preview>
      {scheduledFor
        ? `Preview: scheduled, public from ${shopTime(scheduledFor)}. Only you see it until then.`
        : 'Preview: a draft. Only you see it, signed in to the back office; publish it there.'}
    </p>
  );
}

function ArticleDate({ label, iso }: { label: string; iso: string }) {
  const day = useMarketDate();
  return (
    <p>
      {label} <time dateTime={iso}>{day(iso)}</time>
    </p>
  );
}

/** Single article page: /training-gun-digest/{slug} (and /blog/{slug}). */
export function Page({ post, products, related, preview }: ArticleData) {
  const to = useHref();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {preview && <PreviewNotice scheduledFor={preview.scheduledFor} />}
      <article className="mx-auto max-w-3xl">
        <Breadcrumb trail={articleTrail(post)} />
        <header className="mt-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700">
            <ArticleDate label="Published" iso={post.publishedAt} />
            <ArticleDate label="Last Updated" iso={post.updatedAt} />
          </div>
        </header>
        {post.featuredImage && (
          <img
            {...imageSources(post.featuredImage, '(min-width: 768px) 768px, 100vw')}
            alt={post.title}
            {...FEATURED_IMAGE_SIZE}
            fetchPriority="high"
            className="mt-8 aspect-[1200/630] w-full rounded-lg bg-stone-200 object-cover"
          />
        )}
        <ArticleProducts products={products} />
        <div className="article-body mt-10" dangerouslySetInnerHTML={{ __html: siteLinksIn(sanitizeArticleHtml(post.content), to) }} />
        <aside aria-label="The Digest by e-mail" className="mt-12">
          <NewsletterForm heading={`New articles by e-mail, and ${WELCOME_PERCENT}% off your first order`} />
        </aside>
      </article>
      <Suspense fallback={<RelatedArticlesSkeleton />}>
        <RelatedArticles posts={related} />
      </Suspense>
      <p className="mt-16 text-center">
        <a href={to(DIGEST.path)} className="btn btn-secondary">
          <span aria-hidden="true">←</span>&nbsp;Back to {DIGEST.name}
        </a>
      </p>
    </div>
  );
}
