function prefetch(): void {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  const known = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')));
  for (const el of document.querySelectorAll<HTMLElement>('[data-island][data-chunks]:not([data-hydrated])')) {
    for (const href of el.dataset.chunks!.split(' ')) {
      if (known.has(href)) continue;
      known.add(href);
      document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href, nonce, fetchPriority: 'low' }));
    }
  }
}

const whenIdle = () =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(prefetch, { timeout: 2000 }) : setTimeout(prefetch, 500);

/**
 * Once the page has loaded and the browser is idle, fetches the code the page's islands will need
 * (their `data-chunks`: the island, React, the hydrator) as module preloads at low priority: fetched
 * and compiled, not run, so nothing executes before the visitor acts and their first tap pays only
 * for running it. The links carry the page's nonce (the CSP's script-src).
 */
export function prefetchIslandCode(): void {
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
