import type { HydrationTiming } from '#shared/site/hydration.ts';

/** How long an idle island waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 3000;
/** A visible island starts hydrating this far before it scrolls into view. */
const VISIBLE_MARGIN = '200px';

/**
 * Calls `due` when the island's timing says so (interaction is handled by ./replay for every
 * deferred island). Returns a function that cancels the wait.
 */
export function whenDue(el: HTMLElement, timing: HydrationTiming, due: () => void): () => void {
  switch (timing) {
    case 'load':
      due();
      return () => {};
    case 'idle': {
      if ('requestIdleCallback' in window) {
        const id = requestIdleCallback(due, { timeout: IDLE_TIMEOUT_MS });
        return () => cancelIdleCallback(id);
      }
      const id = setTimeout(due, 200);
      return () => clearTimeout(id);
    }
    case 'visible': {
      // The marker is display: contents (no box of its own), so its children are watched. An
      // island inside a hidden container (the desktop nav on a phone) never intersects.
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          observer.disconnect();
          due();
        },
        { rootMargin: VISIBLE_MARGIN },
      );
      for (const child of el.children) observer.observe(child);
      return () => observer.disconnect();
    }
    case 'interaction':
      return () => {};
  }
}
