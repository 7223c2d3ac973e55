/**
 * Fetches these modules at low priority (module preloads carrying the page's nonce, the CSP's
 * script-src), each once; settles when all have loaded or failed.
 */
export function preloadLow(hrefs: readonly string[]): Promise<unknown> {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  const known = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')));
  const loads: Promise<void>[] = [];
  for (const href of hrefs) {
    if (known.has(href)) continue;
    known.add(href);
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, nonce, fetchPriority: 'low' });
    loads.push(
      new Promise((resolve) => {
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => resolve());
      }),
    );
    document.head.append(link);
  }
  return Promise.all(loads);
}

function prefetch(): void {
  const islands = document.querySelectorAll<HTMLElement>('[data-island][data-chunks]:not([data-hydrated])');
  void preloadLow([...islands].flatMap((el) => el.dataset.chunks!.split(' ')));
}

/** Runs `work` once the page has loaded and the browser is idle: after everything the visitor came for. */
export function afterLoadWhenIdle(work: () => void): void {
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 500));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

/**
 * Once the page has loaded and the browser is idle, fetches the code the page's islands will need
 * (their `data-chunks`: the island, React, the hydrator) as module preloads at low priority: fetched
 * and compiled, not run, so nothing executes before the visitor acts and their first tap pays only
 * for running it. The links carry the page's nonce (the CSP's script-src).
 */
export function prefetchIslandCode(): void {
  afterLoadWhenIdle(prefetch);
}
