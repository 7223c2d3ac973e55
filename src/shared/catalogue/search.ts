/**
 * The shop's product search, the same on the server (a GET form without JavaScript) and in the
 * browser (as you type): every word of the query must match, in any order, one of the product's
 * fields: its name, its category, its features, its own search words (the catalogue's content says
 * "kit" for a bundle, "gun" for a pistol) or its description. A word matches a word of the field
 * when both have the same stem (plurals and -ing: "knives" finds "Knife", "targets" finds "Target"),
 * when it begins one (as you type: "pist"), or, for a word of five letters or more, with one typo
 * ("pistl"). Products are ranked by where each word matched (name before category before features
 * before search words before description) and how (the same stem before a beginning before a typo).
 */

/** What the search reads of a product. */
export interface Searchable {
  name: string;
  description: string;
  features: readonly string[];
  /** The category's name as shoppers read it ("Training Knives"). */
  categoryName?: string;
  /** Words shoppers use for it that its text does not (content/products/*.md `search_words`). */
  search_words?: readonly string[];
}

/** Words that say nothing about a product: a query of only these matches everything. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'for', 'of', 'with', 'to', 'in', 'on', 'my']);

/** Field weights: a word in the name counts most. */
const FIELDS = [
  { weight: 16, text: (p: Searchable) => [p.name] },
  { weight: 8, text: (p: Searchable) => (p.categoryName ? [p.categoryName] : []) },
  { weight: 4, text: (p: Searchable) => p.features },
  { weight: 3, text: (p: Searchable) => p.search_words ?? [] },
  { weight: 1, text: (p: Searchable) => [p.description] },
] as const;

/** How a word matched: the same stem, the beginning of a word, one typo. */
const SAME = 1;
const BEGINS = 0.6;
const TYPO = 0.4;

/** Lower case, accents off, split at anything not a letter or a digit (emoji and punctuation go). */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A light English stem: plurals, -ing and -ed off, and a final e (so "knife" and "knives" meet at "knif"). */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ves')) w = `${w.slice(0, -3)}f`;
  else if (/(ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Whether a and b are at most one edit apart (insert, delete, replace, or two letters swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (a.length === b.length)
    return restA.slice(1) === restB.slice(1) || (restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2));
  return a.length > b.length ? restA.slice(1) === restB : restA === restB.slice(1);
}

/** A query word, prepared once. */
interface QueryWord {
  word: string;
  stem: string;
}

/** The query's words that say something; none means the query asks for nothing (everything shows). */
export function queryWords(query: string): QueryWord[] {
  return searchWords(query)
    .filter((w) => !STOP_WORDS.has(w))
    .map((word) => ({ word, stem: stem(word) }));
}

/** How well a query word matches one word of a product: 0 when it does not. */
function wordMatch(q: QueryWord, word: QueryWord): number {
  if (word.stem === q.stem || word.word === q.word) return SAME;
  if (q.word.length >= 2 && word.word.startsWith(q.word)) return BEGINS;
  if (q.word.length >= 5 && (withinOneEdit(q.word, word.word) || withinOneEdit(q.stem, word.stem))) return TYPO;
  return 0;
}

/** A product's words per field (each once, with its stem). */
type Prepared = Array<{ weight: number; words: QueryWord[] }>;

/**
 * Prepared once per product and kept while the product is (a list's cards live as long as the page):
 * a keystroke then only compares words.
 */
const preparedOf = new WeakMap<object, Prepared>();
function prepare<T>(item: T, searchable: (item: T) => Searchable): Prepared {
  const kept = typeof item === 'object' && item !== null ? preparedOf.get(item) : undefined;
  if (kept) return kept;
  const p = searchable(item);
  const prepared = FIELDS.map((f) => ({
    weight: f.weight,
    words: [...new Set(f.text(p).flatMap(searchWords))].map((word) => ({ word, stem: stem(word) })),
  }));
  if (typeof item === 'object' && item !== null) preparedOf.set(item, prepared);
  return prepared;
}

/** The product's score for the query (0 when a word matches nowhere: it is not a result) and how many of its words needed a typo. */
function scoreOf(fields: Prepared, words: readonly QueryWord[]): { score: number; typos: number } {
  let total = 0;
  let typos = 0;
  for (const q of words) {
    let best = 0;
    let withoutTypo = false;
    for (const field of fields)
      for (const word of field.words) {
        const match = wordMatch(q, word);
        best = Math.max(best, field.weight * match);
        if (match > TYPO) withoutTypo = true;
      }
    if (best === 0) return { score: 0, typos: 0 };
    total += best;
    if (!withoutTypo) typos++;
  }
  return { score: total, typos };
}

/**
 * The products the query finds, best first (ties keep their order); every product for an empty query.
 * Typos are a way to find something, not to add noise: only the products needing the fewest typos are
 * results ("shock" finds the Shock Feedback knife, not a rifle's adjustable stock; "pistl" finds the
 * pistols), as Algolia's `typoTolerance: min` does.
 */
export function searchProducts<T>(items: readonly T[], query: string, searchable: (item: T) => Searchable): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [...items];
  const found = items.map((item, i) => ({ item, i, ...scoreOf(prepare(item, searchable), words) })).filter((r) => r.score > 0);
  const fewest = Math.min(...found.map((r) => r.typos));
  return found
    .filter((r) => r.typos === fewest)
    .toSorted((a, b) => b.score - a.score || a.i - b.i)
    .map((r) => r.item);
}

/** Whether the query finds the product. */
export const matchesSearch = (product: Searchable, query: string): boolean => searchProducts([product], query, (p) => p).length > 0;

/**
 * For a search that finds nothing: the names closest to what was typed (products sharing a word's
 * beginning or within two typos of it), at most `limit`, best first.
 */
export function closestNames<T extends { name: string }>(items: readonly T[], query: string, limit = 3): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  return items
    .map((item, i) => ({
      item,
      i,
      score: words.reduce((n, q) => n + Math.max(0, ...searchWords(item.name).map((w) => near(q, w))), 0),
    }))
    .filter((r) => r.score > 0)
    .toSorted((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map((r) => r.item);
}

/** How near a word of a name is to a query word: the same first three letters, or two typos at most. */
function near(q: QueryWord, word: string): number {
  if (word.startsWith(q.word.slice(0, 3)) && q.word.length >= 3) return 2;
  return q.word.length >= 4 && editDistance(q.word, word) <= 2 ? 1 : 0;
}

/** Levenshtein distance (short words only: names and queries are capped). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
