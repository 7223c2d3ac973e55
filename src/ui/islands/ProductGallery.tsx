import { useState } from 'react';
import { imageSources } from '#shared/photos/photo-files.ts';

export interface GalleryImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Thumbnail caption, e.g. 'Technical card'. */
  label: string;
}

/**
 * Main image, technical card and landscape: arrows and thumbnails; the index wraps around. On a phone
 * the image is capped to a share of the screen and the arrows and a counter stand in for the thumbnails,
 * so the name, price and Buy Now fit in the first screen too.
 */
export default function ProductGallery({ images }: { images: GalleryImage[] }) {
  const [index, setIndex] = useState(0);
  const current = images[index];
  if (!current) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-lg bg-stone-100 text-stone-700 max-md:max-h-[28svh]">
        No images available
      </div>
    );
  }
  const step = (by: number) => setIndex((i) => (i + by + images.length) % images.length);
  const arrow =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-stone-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-red-700';
  return (
    <section className="flex flex-col gap-3" aria-label="Product images">
      <div className="relative flex aspect-square items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-white max-md:max-h-[28svh]">
        <img
          {...imageSources(current.src, '(min-width: 768px) 50vw, 100vw')}
          alt={current.alt}
          width={current.width}
          height={current.height}
          // The first image is the page's largest paint.
          fetchPriority={index === 0 ? 'high' : 'auto'}
          className="h-full w-full object-contain"
        />
        {images.length > 1 && (
          <>
            <button type="button" className={`${arrow} left-3`} onClick={() => step(-1)} aria-label="Previous image">
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M15 18l-6-6 6-6" />
              </svg>
            </button>
            <button type="button" className={`${arrow} right-3`} onClick={() => step(1)} aria-label="Next image">
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M9 18l6-6-6-6" />
              </svg>
            </button>
          </>
        )}
        {images.length > 1 && (
          <p
            aria-hidden="true"
            className="absolute bottom-2 right-2 rounded-full bg-stone-900/75 px-2 py-0.5 text-xs font-medium text-white md:hidden"
          >
            {index + 1} / {images.length}
          </p>
        )}
        <p className="sr-only" aria-live="polite">
          Image {index + 1} of {images.length}: {current.label}
        </p>
      </div>
      {images.length > 1 && (
        <ul className="grid grid-cols-3 gap-3 max-md:hidden">
          {images.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? 'true' : undefined}
                aria-label={`Show ${image.label.toLowerCase()}`}
                className="block w-full overflow-hidden rounded-md border-2 border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-red-700 aria-[current=true]:border-red-700"
              >
                <img
                  {...imageSources(image.src, '160px')}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  className="aspect-square w-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
