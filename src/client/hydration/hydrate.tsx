import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MarketContext } from '#ui/state/market-context.ts';
import { pageMarket } from '#ui/state/page-market.ts';

const loaders = import.meta.glob<{ default: ComponentType<object> }>('/src/ui/islands/*.tsx');

/** Calls `done` once the island has committed (effects run child-first, so the island's own subscriptions exist by then). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * Hydrates one island marker with the component named in it, loading the island's code on demand;
 * settles when the island has committed (or failed). Loaded with the first island that hydrates,
 * so React comes with it.
 */
export async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island;
  const load = loaders[`/src/ui/islands/${name}.tsx`];
  if (!load) {
    console.warn(`unknown island: ${name}`);
    return;
  }
  const { default: Component } = await load();
  const props = JSON.parse(el.dataset.props ?? '{}') as object;
  // The held press's mark (hydration/replay.ts) is not the server's HTML: React would see a mismatch.
  for (const pressed of el.querySelectorAll('[data-pending]')) pressed.removeAttribute('data-pending');
  await new Promise<void>((resolve) => {
    const done = () => {
      el.dataset.hydrated = 'true';
      resolve();
    };
    // In a transition, React renders the island in slices of a few milliseconds, yielding to the
    // browser between them; outside one it hydrates in one uninterrupted task (a long task on a list).
    startTransition(() => {
      hydrateRoot(
        el,
        <Committed done={done}>
          <MarketContext value={pageMarket()}>
            <Component {...props} />
          </MarketContext>
        </Committed>,
        {
          identifierPrefix: el.dataset.prefix ?? '',
          onUncaughtError(error) {
            reportError(error); // React's default, plus: the page must not wait for this island
            resolve();
          },
        },
      );
    });
  });
}
