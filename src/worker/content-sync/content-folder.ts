import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseCategoryFile, parsePostFile, type CategoryFile, type FileProblem, type PostFile } from './content-file.ts';
import { parseProductFile, productIdOfFileName, type ProductFile } from './product-file.ts';

/** Node only: the content/ folder (products/*.md, posts/*.md, categories/*.md) read and parsed, bad files as problems. */
export interface ContentFolder {
  products: ProductFile[];
  posts: PostFile[];
  categories: CategoryFile[];
  problems: FileProblem[];
}

/** The .md files directly in `dir`, sorted so reports come out in a stable order; none when it is absent. */
function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith('.md'))
    .toSorted()
    .map((name) => join(dir, name));
}

/** Paths in reports are relative to the working directory (content/posts/<slug>.md) when the folder is inside it. */
function shown(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

export function readContentFolder(dir = resolve('content'), publicDir = resolve('public')): ContentFolder {
  const folder: ContentFolder = { products: [], posts: [], categories: [], problems: [] };
  const imageExists = (path: string) => {
    const file = join(publicDir, decodeURI(path.split(/[?#]/)[0]!));
    return file.startsWith(publicDir) && existsSync(file) && statSync(file).isFile();
  };
  for (const file of markdownFiles(join(dir, 'products'))) {
    const parsed = parseProductFile(shown(file), readFileSync(file, 'utf8'), { imageExists });
    if (parsed.ok) folder.products.push(parsed.value);
    else folder.problems.push(parsed.problem);
  }
  // A post may feature the products these files describe (the sync writes them together).
  // A product whose file failed still exists for its posts: the file's own error is the one to fix.
  const productIds = new Set([
    ...folder.products.map((f) => f.product.id),
    ...folder.problems.map((p) => productIdOfFileName(p.path)).filter((id): id is number => id !== null),
  ]);
  const checks = { imageExists, productExists: (id: number) => productIds.has(id) };
  for (const file of markdownFiles(join(dir, 'categories'))) {
    const parsed = parseCategoryFile(shown(file), readFileSync(file, 'utf8'));
    if (parsed.ok) folder.categories.push(parsed.value);
    else folder.problems.push(parsed.problem);
  }
  for (const file of markdownFiles(join(dir, 'posts'))) {
    const parsed = parsePostFile(shown(file), readFileSync(file, 'utf8'), checks);
    if (parsed.ok) folder.posts.push(parsed.value);
    else folder.problems.push(parsed.problem);
  }
  return folder;
}
