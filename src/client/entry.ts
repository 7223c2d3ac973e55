import './styles.css';
import { pushPageEvents, pushPageView } from '#ui/state/data-layer.ts';
import { captureCampaign } from '#ui/state/campaign-storage.ts';
import { armBuyNow } from '#client/cart/buy-now.ts';
import { armAddToCart } from './cart/add-to-cart.ts';
import { armCartBadge } from './cart/badge.ts';
import { armConsentBanner } from '#client/frame/arm-consent-banner.ts';
import { armMobileMenu } from '#client/frame/arm-mobile-menu.ts';
import { afterLoadWhenIdle, preloadLow, prefetchIslandCode } from './hydration/prefetch.ts';
import { hydrateIslandNamed, hydrateRegionIslands, scheduleIslands } from './hydration/scheduler.ts';
import { islandsAreHydrated } from '#client/hydration/islands-hydrated.ts';
import { detectRegionOnce } from './region/auto-detect.ts';
import type { DetectionConfig } from '#ui/state/region-detect.ts';
import { followSavedRegion } from './region/persist.ts';
import { followRegionWithPrices } from '#client/region/follow-region-prices.ts';
import { bindRegionSelects } from './region/selectors.ts';
import { armPromoStrip } from '#client/frame/arm-promo-strip.ts';
import { subscribeRegion } from '#ui/state/region-store.ts';
import { subscribeToasts } from '#ui/state/toast-store.ts';

/**
 * The one client entry: analytics, campaign, region and consent on every page, without React.
 * Islands hydrate each on its own trigger (data-hydrate); React is fetched with the first one.
 * The entry is inserted by the page's loader script (frame/document.tsx), so it may arrive before the
 * document (and every streamed Suspense chunk) has been parsed: it starts once it has.
 */
function start() {
  captureCampaign();
  pushPageView();
  pushPageEvents();
  // Back/forward between in-page states (e.g. product filters) is a route change.
  addEventListener('popstate', () => {
    captureCampaign();
    pushPageView();
  });
  followRegionWithPrices();
  bindRegionSelects();
  armConsentBanner();
  armPromoStrip();
  armCartBadge();
  armBuyNow();
  armAddToCart();
  armMobileMenu();

  // A region change reaches islands that show it; those still waiting hydrate now and catch up.
  subscribeRegion(() => void hydrateRegionIslands());
  // The toaster has nothing to show (nor to hydrate for) until the first toast.
  subscribeToasts(() => void hydrateIslandNamed('Toaster'));

  const startUp = scheduleIslands();
  prefetchIslandCode();
  // A saved region the server did not render in (no cookie, or a page from the browser's cache) is
  // applied once the start-up islands are live, so their prices switch in the same frame as everything else.
  void startUp.finally(() => {
    followSavedRegion();
    islandsAreHydrated();
    document.documentElement.dataset.islands = 'started';
  });

  const detection = document.getElementById('region-detection')?.textContent;
  if (detection) detectRegionOnce(JSON.parse(detection) as DetectionConfig);

  // Field data for a sampled share of views (VITALS_SAMPLE_RATE, on <html data-vitals>): it runs nothing
  // the visitor needs, so web-vitals is fetched at low priority once the page has loaded and the browser
  // is idle (its chunks named on <html data-vitals-chunks>); its observers read the buffered entries
  // from the page's start.
  const vitalsRate = Number(document.documentElement.dataset.vitals ?? 0);
  if (vitalsRate > 0 && Math.random() < vitalsRate) {
    afterLoadWhenIdle(() => {
      const chunks = document.documentElement.dataset.vitalsChunks?.split(' ').filter(Boolean) ?? [];
      void preloadLow(chunks)
        .then(() => import('./vitals.ts'))
        .then((m) => m.reportVitals());
    });
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
