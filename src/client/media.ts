import { useSyncExternalStore } from 'react';

/** A media query as React state; `serverValue` is used while hydrating so markup matches the server. */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
    () => serverValue,
  );
}
