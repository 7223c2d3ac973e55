import { useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

const loaders = import.meta.glob<{ default: ComponentType<object> }>('./islands/*.tsx');

/** Calls `done` once the island has committed (effects run child-first, so the island's own subscriptions exist by then). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * Hydrates every island marker with the component named in it, loading each island's code on
 * demand; settles when every island has committed (or failed).
 */
export async function hydrateIslands(markers: HTMLElement[]): Promise<void> {
  await Promise.all(
    markers.map(async (el) => {
      const name = el.dataset.island;
      const load = loaders[`./islands/${name}.tsx`];
      if (!load) {
        console.warn(`unknown island: ${name}`);
        return;
      }
      const { default: Component } = await load();
      const props = JSON.parse(el.dataset.props ?? '{}') as object;
      await new Promise<void>((resolve) => {
        const done = () => {
          el.dataset.hydrated = 'true';
          resolve();
        };
        hydrateRoot(
          el,
          <Committed done={done}>
            <Component {...props} />
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
    }),
  );
}
