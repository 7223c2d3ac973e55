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
 * The gallery (spec point 2): main image, technical card, landscape, in that order, leaving out any
 * the product lacks. Sizes are those of the supplied images (README: replacing them with photos).
 */
export function productImages(p: Product): ProductImage[] {
  const name = plainName(p.name);
  const images: Array<ProductImage | false> = [
    !!p.image_url && { src: p.image_url, alt: p.image_alt, width: 800, height: 800, label: 'Main image' },
    !!p.technical_card_url && {
      src: p.technical_card_url,
      alt: `${name}: technical card with key specifications`,
      width: 800,
      height: 1000,
      label: 'Technical card',
    },
    !!p.landscape_url && { src: p.landscape_url, alt: `${name}: landscape view`, width: 1200, height: 630, label: 'Landscape view' },
  ];
  return images.filter((image): image is ProductImage => image !== false);
}
