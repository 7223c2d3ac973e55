import { useEffect, useRef } from 'react';

/**
 * The third-party review widget (home and product pages). Its script is added only once the page is
 * interactive and the widget's area comes near the viewport, so it never delays the first paint.
 * The area keeps a fixed minimum height so the widget does not push content around when it appears.
 */
export default function ReviewsWidget({ src }: { src: string }) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const script = document.createElement('script');
        script.src = src;
        script.async = true;
        el.append(script);
      },
      { rootMargin: '300px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [src]);
  return <div ref={area} data-reviews-widget="" className="min-h-80" />;
}
