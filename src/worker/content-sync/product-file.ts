import { z } from 'zod';
import { fromMinorUnits, toMinorUnits } from '#shared/money.ts';
import { CATEGORY_IDS } from '#shared/catalogue/categories.ts';
import { isPaymentLink, PAYMENT_LINK_ORIGINS } from '#shared/catalogue/payment-links.ts';
import { productSlug } from '#shared/catalogue/product.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { describeIssue, imageProblem, SLUG, splitFrontMatter, type ContentChecks, type Parsed } from './content-file.ts';

/**
 * One product file, content/products/*.md: front matter (id, name, category, prices, links, images,
 * features, specs…) and the description as the body. Pure like the post files: whether an image
 * exists is handed in.
 */

/** A product as its file describes it, ready to write. */
export interface ProductFile {
  path: string;
  product: CatalogueProduct;
}

/** Money as the shop writes it: more than 0, at most two decimals. */
const amount = z
  .number()
  .positive()
  .refine((n) => fromMinorUnits(toMinorUnits(n)) === n, 'must have at most two decimals');
const priceTable = z.strictObject({ USD: amount, GBP: amount, EUR: amount });

const paymentLink = z
  .string()
  .trim()
  .refine(isPaymentLink, `must be an https address on ${PAYMENT_LINK_ORIGINS.join(' or ')}`);

const text = z.string().trim().min(1);

const productFrontMatter = z.strictObject({
  id: z.number().int().positive(),
  slug: z.string().regex(SLUG, 'must be lower-case words joined by hyphens').optional(),
  name: text,
  category: z.enum(CATEGORY_IDS, { message: `must be one of ${CATEGORY_IDS.join(', ')}` }),
  prices: priceTable,
  full_prices: priceTable,
  new: z.boolean().default(false),
  tags: z.array(text).default([]),
  search_words: z.array(text).default([]),
  payment_links: z.strictObject({ standard: paymentLink, uk: paymentLink.optional() }),
  images: z.strictObject({ main: text, card: text.optional(), landscape: text.optional(), alt: text }),
  features: z.array(text).default([]),
  specs: z.array(text).default([]),
  related_guides: z.array(z.strictObject({ id: text, title: text, url: z.string().regex(/^\/[^/]/, 'must be a site path') })).default([]),
  meta_title: text,
  meta_description: text.max(160, 'is longer than 160 characters'),
});

export function parseProductFile(path: string, source: string, checks: Pick<ContentChecks, 'imageExists'>): Parsed<ProductFile> {
  const fail = (reason: string): Parsed<ProductFile> => ({ ok: false, problem: { path, reason } });
  const split = splitFrontMatter(source);
  if ('error' in split) return fail(split.error);
  const result = productFrontMatter.safeParse(split.data);
  if (!result.success) return fail(describeIssue(result.error, split.data));
  const fm = result.data;
  const below = (['USD', 'GBP', 'EUR'] as const).find((c) => toMinorUnits(fm.full_prices[c]) < toMinorUnits(fm.prices[c]));
  if (below) return fail(`full_prices.${below} is below prices.${below}`);
  for (const [field, src] of Object.entries(fm.images)) {
    if (field === 'alt' || !src) continue;
    const problem = imageProblem(src, checks);
    if (problem) return fail(`images.${field}: ${problem}`);
  }
  const description = split.body.replace(/\s+/g, ' ').trim();
  if (!description) return fail('missing description (the text after the front matter)');
  return {
    ok: true,
    value: {
      path,
      product: {
        id: fm.id,
        slug: fm.slug ?? productSlug(fm),
        name: fm.name,
        description,
        price: fm.prices.USD,
        prices: fm.prices,
        full_price: fm.full_prices.USD,
        full_prices: fm.full_prices,
        savings: fromMinorUnits(toMinorUnits(fm.full_prices.USD) - toMinorUnits(fm.prices.USD)),
        category_id: fm.category,
        image_url: fm.images.main,
        technical_card_url: fm.images.card ?? '',
        landscape_url: fm.images.landscape ?? '',
        is_new: fm.new,
        features: fm.features,
        technical_specs: fm.specs,
        tags: fm.tags,
        search_words: fm.search_words,
        related_guides: fm.related_guides,
        meta_title: fm.meta_title,
        meta_description: fm.meta_description,
        image_alt: fm.images.alt,
        payment_links: { standard: fm.payment_links.standard, uk: fm.payment_links.uk ?? null },
      },
    },
  };
}

/** The product id a product file's name gives (NN-slug.md), or null: what a file that failed still names. */
export function productIdOfFileName(path: string): number | null {
  const id = /(?:^|[\\/])(\d+)-[^\\/]*\.md$/.exec(path)?.[1];
  return id === undefined ? null : Number(id);
}
