import './styles.css';
import { pushPageEvents, pushPageView } from './analytics';
import { followRegionWithPrices } from './region/prices';

/**
 * The one client entry: analytics on every page, and React only where the page has islands.
 * Module scripts run after the document (and every streamed Suspense chunk) has been parsed.
 */
pushPageView();
pushPageEvents();
followRegionWithPrices();

const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
if (markers.length > 0) {
  void import('./hydrate').then(({ hydrateIslands }) => hydrateIslands(markers));
}
