import { fullPriceProblem, productFieldsSchema, productOfFields } from '#shared/catalogue/product-fields.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { describeIssue, imageProblem, splitFrontMatter, type ContentChecks, type Parsed } from './content-file.ts';

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

export function parseProductFile(path: string, source: string, checks: Pick<ContentChecks, 'imageExists'>): Parsed<ProductFile> {
  const fail = (reason: string): Parsed<ProductFile> => ({ ok: false, problem: { path, reason } });
  const split = splitFrontMatter(source);
  if ('error' in split) return fail(split.error);
  const result = productFieldsSchema.safeParse(split.data);
  if (!result.success) return fail(describeIssue(result.error, split.data));
  const fm = result.data;
  const below = fullPriceProblem(fm);
  if (below) return fail(below);
  for (const [field, src] of Object.entries(fm.images)) {
    if (field === 'alt' || !src) continue;
    const problem = imageProblem(src, checks);
    if (problem) return fail(`images.${field}: ${problem}`);
  }
  const description = split.body.replace(/\s+/g, ' ').trim();
  if (!description) return fail('missing description (the text after the front matter)');
  return { ok: true, value: { path, product: productOfFields(fm, description) } };
}

/** The product id a product file's name gives (NN-slug.md), or null: what a file that failed still names. */
export function productIdOfFileName(path: string): number | null {
  const id = /(?:^|[\\/])(\d+)-[^\\/]*\.md$/.exec(path)?.[1];
  return id === undefined ? null : Number(id);
}
