/** Product names start with an emoji marker (spec point 3); links, slugs, titles and analytics use the plain name. */
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;
const LEADING_EMOJI = /^[\p{Extended_Pictographic}\u{FE0F}\u{200D}]+/u;

/** The name with every emoji removed and spaces tidied: the key of the payment-link maps. */
export function plainName(name: string): string {
  return name.replace(EMOJI, '').replace(/\s+/g, ' ').trim();
}

/** The leading emoji marker, '' when there is none. */
export function nameMarker(name: string): string {
  return name.match(LEADING_EMOJI)?.[0] ?? '';
}

/** Lower-case kebab-case of letters and digits, e.g. 'Pistol & Targets Starter Bundle' gives 'pistol-targets-starter-bundle'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function productSlug(product: { name: string }): string {
  return slugify(plainName(product.name));
}

/** The canonical detail path, /product/{id}/{slug}; the slug is cosmetic when the page is requested. */
export function productPath(product: { id: number; name: string }): string {
  return `/product/${product.id}/${productSlug(product)}`;
}
