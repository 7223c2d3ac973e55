import { useId } from 'react';
import { currencyByRegion, currencySymbol, regions, type Region } from '#shared/region/region.ts';

export interface RegionSelectProps {
  region: Region;
  /** The desktop header shows a compact control; the mobile menu a labelled row. */
  placement: 'header' | 'menu';
}

/**
 * The region (and so currency) selector, server HTML bound by src/client/region/selectors.ts (no
 * React needed). Every instance follows the one region store, so the header's and the mobile menu's
 * stay in step with each other and with every price.
 */
export function RegionSelect({ region, placement }: RegionSelectProps) {
  const id = useId();
  return (
    <div className={placement === 'menu' ? 'flex items-center justify-between gap-3' : 'flex items-center gap-2'}>
      <label htmlFor={id} className={placement === 'menu' ? 'text-sm font-medium' : 'sr-only'}>
        Region
      </label>
      <span className="flex items-center gap-2">
        <select
          id={id}
          data-region-select=""
          defaultValue={region}
          // A fixed width in the header, whose track is fixed too: nothing beside it moves while it streams in.
          className={`rounded-md border border-stone-500 bg-stone-800 px-2 py-1 text-sm text-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${placement === 'header' ? 'w-30' : ''}`}
        >
          {regions.map((r) => (
            <option key={r} value={r}>
              {`${r} (${currencySymbol[currencyByRegion[r]]} ${currencyByRegion[r]})`}
            </option>
          ))}
        </select>
        {/* Always present, so the space is reserved and screen readers hear the change. The spinner
            shows while <html data-region-detection="running"> (styles.css). */}
        <output className="inline-flex size-4 items-center justify-center">
          <span className="region-spinner">
            <svg
              aria-hidden="true"
              className="size-4 animate-spin text-stone-300 motion-reduce:animate-none"
              viewBox="0 0 24 24"
              fill="none"
            >
              <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
              <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            </svg>
            <span className="sr-only">Detecting your region</span>
          </span>
        </output>
      </span>
    </div>
  );
}
