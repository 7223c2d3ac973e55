import './styles.css';
import { pushPageEvents, pushPageView } from './analytics';
import { captureCampaign } from './campaign';
import { islandsAreHydrated } from './islands-hydrated';
import { followSavedRegion } from './region/persist';
import { followRegionWithPrices } from './region/prices';

/**
 * The one client entry: analytics on every page, and React only where the page has islands.
 * Module scripts run after the document (and every streamed Suspense chunk) has been parsed.
 */
captureCampaign();
pushPageView();
pushPageEvents();
// Back/forward between in-page states (e.g. product filters) is a route change.
addEventListener('popstate', () => {
  captureCampaign();
  pushPageView();
});
followRegionWithPrices();

const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
const hydrated = markers.length > 0 ? import('./hydrate').then(({ hydrateIslands }) => hydrateIslands(markers)) : Promise.resolve();
// A saved region the server did not render in (no cookie, or a page from the browser's cache) is
// applied once islands are live, so their prices switch in the same frame as everything else.
void hydrated.finally(() => {
  followSavedRegion();
  islandsAreHydrated();
});
