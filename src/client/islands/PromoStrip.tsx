import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, PROMO_INTERVAL_MS, PROMO_VISIBLE_NARROW, PROMO_VISIBLE_WIDE, stepPromo } from '#shared/site/promotions.ts';
import { useMediaQuery } from '../media';

export interface PromoStripProps {
  messages: string[];
}

/**
 * The rotating promotional strip: 3 messages on wide screens, 1 on narrow, advancing every 3 s and
 * wrapping to the start. It stops while hovered or focused, and never moves for visitors who
 * prefer reduced motion. Its height is fixed, so nothing below it shifts.
 */
export default function PromoStrip({ messages }: PromoStripProps) {
  const [start, setStart] = useState(0);
  const [paused, setPaused] = useState(false);
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`, true);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', false);
  const visible = wide ? PROMO_VISIBLE_WIDE : PROMO_VISIBLE_NARROW;
  const step = (delta: 1 | -1) => setStart((s) => stepPromo(s, delta, messages.length, visible));

  useEffect(() => {
    if (paused || reducedMotion) return;
    const timer = setInterval(() => setStart((s) => stepPromo(s, 1, messages.length, visible)), PROMO_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, visible, messages.length]);

  const shown = messages.slice(start, start + PROMO_VISIBLE_WIDE);
  return (
    <section aria-label="Promotions" aria-roledescription="carousel" className="bg-red-800 text-white">
      {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- hover/focus only pause the rotation */}
      <div
        className="mx-auto flex h-9 max-w-7xl items-center gap-2 px-2 text-sm"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <button type="button" className="promo-arrow" aria-label="Previous promotion" onClick={() => step(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <ul className="grid flex-1 grid-cols-1 overflow-hidden text-center md:grid-cols-3" aria-live={paused ? 'polite' : 'off'}>
          {shown.map((message, i) => (
            <li key={message} className={`truncate px-2 font-medium ${i > 0 ? 'hidden md:block' : ''}`} data-promo={message}>
              {message}
            </li>
          ))}
        </ul>
        <button type="button" className="promo-arrow" aria-label="Next promotion" onClick={() => step(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
