const states = new WeakMap<object, Map<string, unknown>>();

/**
 * State a running app keeps in memory under `key`, made on first use: the app's deps object is the
 * owner, so each test app, and each isolate on the edge, has its own (and it goes with the app).
 */
export function perApp<T>(deps: object, key: string, make: () => T): T {
  let state = states.get(deps);
  if (!state) states.set(deps, (state = new Map()));
  if (!state.has(key)) state.set(key, make());
  return state.get(key) as T;
}
