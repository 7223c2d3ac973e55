import { isRegion, type Region } from '#shared/region/region.ts';
import { preferenceCookie, PREFERENCE_KEY, savedRegion } from '#shared/region/preference.ts';
import { getRegion } from '#ui/state/region-store.ts';
import { switchRegion } from './switch.ts';
import { pageMarket } from '#ui/state/page-market.ts';

/** The visitor's saved choice on this page (localStorage, or the cookie the server rendered from). */
let preference: Region | null = null;

export function savedPreference(): Region | null {
  return preference;
}

// localStorage failures (blocked storage, full quota) are logged and ignored.
function readStorage(): string | null {
  try {
    return localStorage.getItem(PREFERENCE_KEY);
  } catch (err) {
    console.warn('Could not read the saved region from localStorage', err);
    return null;
  }
}

function writeStorage(region: Region): void {
  try {
    localStorage.setItem(PREFERENCE_KEY, region);
  } catch (err) {
    console.warn('Could not save the region in localStorage', err);
  }
}

function writeCookie(region: Region): void {
  document.cookie = preferenceCookie(region, { secure: location.protocol === 'https:' });
}

/** Saves a region as the visitor's choice without switching this page (a market's link, which goes to that market's page). */
export function saveRegionChoice(region: Region): void {
  preference = region;
  writeStorage(region);
  writeCookie(region);
}

/** The visitor picked a region: the whole page follows and the choice is saved. Anything else is logged and ignored. */
export async function chooseRegion(value: unknown): Promise<void> {
  if (!(await switchRegion(value)) || !isRegion(value)) return;
  preference = value;
  writeStorage(value);
  writeCookie(value);
}

/**
 * Applies the saved choice, which wins over the server's guess. The cookie is rewritten from
 * localStorage so the next request renders in that currency; a cookie alone is mirrored into
 * localStorage.
 */
async function restore(): Promise<void> {
  const html = document.documentElement;
  const stored = readStorage();
  const saved = savedRegion(stored);
  if (stored !== null && !saved) console.warn(`Ignoring invalid saved region: ${stored}`);
  if (saved) {
    preference = saved;
    // A market's page stays in its market's currency whatever was saved.
    if (!pageMarket()) await switchRegion(saved);
    writeCookie(saved);
    if (html.dataset.regionSource !== 'cookie') html.dataset.regionSource = 'localStorage';
  } else if (html.dataset.regionSource === 'cookie') {
    preference = getRegion();
    writeStorage(preference);
  }
}

/**
 * Runs at start, when the page comes back from the back/forward cache (it may have been frozen
 * before a change on another page), and when another tab changes the choice.
 */
export function followSavedRegion(): void {
  void restore();
  addEventListener('pageshow', (event) => {
    if (event.persisted) void restore();
  });
  addEventListener('storage', (event) => {
    if (event.key === PREFERENCE_KEY) void restore();
  });
}
