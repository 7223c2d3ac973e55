import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

const loaders = import.meta.glob<{ default: ComponentType<object> }>('./islands/*.tsx');

/** Hydrates every island marker with the component named in it, loading each island's code on demand. */
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
      hydrateRoot(el, <Component {...props} />, { identifierPrefix: el.dataset.prefix ?? '' });
      el.dataset.hydrated = 'true';
    }),
  );
}
