import './styles.css';
import { pushPageEvents, pushPageView } from './analytics';
import { captureCampaign } from './campaign';
import { followSavedRegion } from './region/persist';
import { followRegionInServerMarkup } from './region/server-markup';

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
// The markup follows the region first, so the saved choice (applied next) reaches it too.
followRegionInServerMarkup();
followSavedRegion();

const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
if (markers.length > 0) {
  void import('./hydrate').then(({ hydrateIslands }) => hydrateIslands(markers));
}
