import type { ReactNode } from 'react';
import { productImageSize } from '#shared/catalogue/product.ts';
import { ProductName } from './product-name.tsx';
import { useHref } from '#ui/state/market-context.ts';
import { imageSources } from '#shared/photos/photo-files.ts';

export interface ProductTileProps {
  /** Without a picture (an order line that is no catalogue product) the tile shows the name alone. */
  product: { name: string; image_url?: string; image_alt?: string };
  /** The product's page. With `wholeLink` the whole tile is that link; else only the name is. */
  href?: string;
  wholeLink?: boolean;
  /** 'row': image beside the text (article products, cart and order lines); 'stack': image above (featured equipment). */
  layout: 'row' | 'stack';
  /** Size of the image box (Tailwind classes); the image keeps the catalogue's intrinsic size against layout shift. */
  imageClassName: string;
  nameClassName?: string;
  /** The name as a heading of this level (cart lines), else plain text. */
  headingLevel?: 2 | 3;
  /** The line's own element: an <li> in lists (the default), a <div> elsewhere. */
  as?: 'li' | 'div';
  /** Classes of the tile's own element (its size in a row of tiles). */
  className?: string;
  /** Classes of the box that holds image and text: the link itself when the whole tile is one (border, padding, hover); a row's default centres and spaces them. */
  boxClassName?: string;
  /** Above the fold (a cart's or an order's lines): loaded at once rather than when near the viewport. */
  eager?: boolean;
  /** Data attributes on the tile's own element, for scripts and tests (e.g. data-cart-line). */
  data?: Record<`data-${string}`, string | number>;
  /** Below the name: the price, a quantity, a line's controls (never inside a whole-tile link). */
  children?: ReactNode;
}

const linkFocus = 'focus-visible:outline-2 focus-visible:outline-red-700';

/**
 * A product's picture and name with what the place shows beside them: the one tile of the
 * article's products, the digest's featured equipment, the cart's lines and the thank-you lines.
 */
export function ProductTile(props: ProductTileProps) {
  const to = useHref();
  const { product, href, wholeLink = false, layout, headingLevel, as: Tag = 'li', children } = props;
  const stacked = layout === 'stack';
  // A whole-tile link is labelled by the name inside it: the image adds nothing to read out.
  const image = product.image_url && (
    <img
      {...imageSources(product.image_url, '200px')}
      alt={wholeLink ? '' : (product.image_alt ?? '')}
      {...productImageSize.main}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`shrink-0 bg-stone-100 ${props.imageClassName}`}
    />
  );
  const name = <ProductName name={product.name} />;
  const namedLink =
    href && !wholeLink ? (
      <a href={to(href)} className="hover:text-red-700">
        {name}
      </a>
    ) : (
      name
    );
  const Heading = headingLevel === 3 ? 'h3' : headingLevel === 2 ? 'h2' : 'span';
  const body = (
    <div className={`flex min-w-0 flex-1 flex-col gap-1 ${stacked ? 'p-4' : ''}`}>
      <Heading className={props.nameClassName ?? 'font-semibold text-stone-900'}>{namedLink}</Heading>
      {children}
    </div>
  );
  const box = `${stacked ? 'flex flex-col' : 'flex'} ${props.boxClassName ?? (stacked ? '' : 'items-center gap-3')}`;
  if (href && wholeLink) {
    return (
      <Tag className={props.className} {...props.data}>
        <a href={to(href)} className={`group h-full ${box} ${linkFocus}`}>
          {image}
          {body}
        </a>
      </Tag>
    );
  }
  return (
    <Tag className={`${box} ${props.className ?? ''}`} {...props.data}>
      {image}
      {body}
    </Tag>
  );
}
