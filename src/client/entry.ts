import './styles.css';
import { pushPageEvents, pushPageView } from './analytics';
import { captureCampaign } from './campaign';
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
// Prices follow the region first, so the saved choice (applied next) reaches them too.
followRegionWithPrices();
followSavedRegion();

const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
if (markers.length > 0) {
  void import('./hydrate').then(({ hydrateIslands }) => hydrateIslands(markers));
}
