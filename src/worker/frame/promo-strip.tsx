import { PROMO_VISIBLE_WIDE } from '#shared/site/promo-rules.ts';
import type { PromoMessage } from '#shared/site/promotions.ts';

/**
 * The rotating promotional strip, as server HTML: the first three messages (one shows on narrow
 * screens; an offer is a link to take it up), all of them in `data-messages` for src/client/frame/arm-promo-strip.ts, which rotates them and
 * runs the arrows without React. Its height is fixed, so nothing below it shifts.
 */
export function PromoStrip({ messages }: { messages: PromoMessage[] }) {
  return (
    <section aria-label="Promotions" aria-roledescription="carousel" className="bg-red-800 text-white print:hidden" data-promo-strip="">
      <div className="mx-auto flex h-9 max-w-7xl items-center gap-2 px-2 text-sm">
        <button type="button" className="promo-arrow" aria-label="Previous promotion" data-promo-step="-1">
          <span aria-hidden="true">‹</span>
        </button>
        <ul
          className="grid flex-1 grid-cols-1 overflow-hidden text-center md:grid-cols-3"
          aria-live="off"
          data-messages={JSON.stringify(messages)}
        >
          {messages.slice(0, PROMO_VISIBLE_WIDE).map((message, i) => (
            <li key={i} className={`truncate px-2 font-medium ${i > 0 ? 'hidden md:block' : ''}`} data-promo={message.text}>
              {message.href ? (
                <a href={message.href} className="underline">
                  {message.text}
                </a>
              ) : (
                message.text
              )}
            </li>
          ))}
        </ul>
        <button type="button" className="promo-arrow" aria-label="Next promotion" data-promo-step="1">
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
