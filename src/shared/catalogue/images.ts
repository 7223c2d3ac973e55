import { plainName } from './names';
import type { Product } from './types';

export interface ProductImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  label: string;
}

/**
 * Pixel sizes of the three product images. Pages put them on every <img> so the browser reserves the
 * space before the file arrives; replacement photos must keep these sizes (or change them here).
 */
export const productImageSize = {
  main: { width: 800, height: 800 },
  card: { width: 800, height: 1000 },
  landscape: { width: 1200, height: 630 },
} as const;

/**
 * The gallery (spec point 2): main image, technical card, landscape, in that order, leaving out any
 * the product lacks.
 */
export function productImages(p: Product): ProductImage[] {
  const name = plainName(p.name);
  const images: Array<ProductImage | false> = [
    !!p.image_url && { src: p.image_url, alt: p.image_alt, ...productImageSize.main, label: 'Main image' },
    !!p.technical_card_url && {
      src: p.technical_card_url,
      alt: `${name}: technical card with key specifications`,
      ...productImageSize.card,
      label: 'Technical card',
    },
    !!p.landscape_url && { src: p.landscape_url, alt: `${name}: landscape view`, ...productImageSize.landscape, label: 'Landscape view' },
  ];
  return images.filter((image): image is ProductImage => image !== false);
}
