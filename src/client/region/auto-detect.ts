import { useSyncExternalStore } from 'react';
import { detectRegion, type DetectionResult } from '#shared/region/detection.ts';
import { islandsHydrated } from '../islands-hydrated';
import { browserDetectionSteps, type DetectionConfig } from './detect';
import { savedPreference } from './persist';
import { setRegion, subscribeRegion } from './store';

/** Whether the page's one detection run is under way (the selectors show a spinner meanwhile). */
let detecting = false;
let started = false;
const listeners = new Set<() => void>();

function setDetecting(value: boolean): void {
  detecting = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDetecting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => detecting,
    () => false,
  );
}

/** The result is shown on <html> next to the region, for support and tests to read. */
function apply(result: DetectionResult): void {
  setRegion(result.region);
  const { dataset } = document.documentElement;
  dataset.regionSource = result.source;
  if (result.country) dataset.regionCountry = result.country;
  if (result.error) dataset.regionError = result.error;
}

/**
 * Refines the server's region in the browser, once per page and only for a visitor with no saved
 * choice. A region the visitor picks while it runs is not overridden.
 */
export function detectRegionOnce(config: DetectionConfig): void {
  if (started) return;
  started = true;
  // After hydration: the saved choice is known by then, and a result reaches every island at once.
  const { dataset } = document.documentElement;
  void islandsHydrated.then(async () => {
    // Marked on <html> so tests (and support) can tell when the page's third-party calls are over.
    if (savedPreference()) {
      dataset.regionDetection = 'skipped';
      return;
    }
    let changedMeanwhile = false;
    const stop = subscribeRegion(() => (changedMeanwhile = true));
    setDetecting(true);
    dataset.regionDetection = 'running';
    const result = await detectRegion(browserDetectionSteps(config));
    stop();
    if (!changedMeanwhile) apply(result);
    setDetecting(false);
    dataset.regionDetection = 'done';
  });
}
