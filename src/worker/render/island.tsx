import { useContext, useId, type ComponentType } from 'react';
import { MarketContext } from '#ui/state/market-context.ts';
import { islandChunks } from './client-assets.ts';
import { renderToString } from 'react-dom/server.edge';
import type { IslandName } from '#ui/islands/island-names.ts';
import type { HydrationTiming } from '#shared/site/hydration.ts';

type IslandProps<P extends object> = {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** When the browser hydrates it; the marker carries it to the client entry. */
  hydrate: HydrationTiming;
} & (P extends { region: unknown }
  ? {
      /**
       * It shows prices or the region it was rendered in, so a region change hydrates it at once
       * (hydrateRegionIslands). Required of every island given a region, so none is forgotten.
       */
      followsRegion: true;
    }
  : { followsRegion?: never });

/**
 * Renders an interactive component on the server inside a marker the client entry hydrates.
 * Each island is rendered on its own with a per-island identifierPrefix, so the useId values the
 * client computes when hydrating the island alone match the server's.
 */
export function Island<P extends object>({ name, component: Component, props, hydrate, followsRegion }: IslandProps<P>) {
  const prefix = `${name}-${useId().replace(/[^a-zA-Z0-9]/g, '')}-`;
  // Rendered on its own, so the page's market is handed over (the client entry does the same).
  const market = useContext(MarketContext);
  const html = renderToString(
    <MarketContext value={market}>
      <Component {...props} />
    </MarketContext>,
    { identifierPrefix: prefix },
  );
  return (
    <div
      className="contents"
      data-island={name}
      data-prefix={prefix}
      data-hydrate={hydrate}
      data-follows-region={followsRegion ? '' : undefined}
      data-props={JSON.stringify(props)}
      data-chunks={islandChunks(name).join(' ') || undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
