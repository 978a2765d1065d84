/**
 * Tells this process's webhook deliverer that an endpoint was added, changed or replayed through this
 * process, so that it looks at once: a deliverer that knows no active endpoint does not look after every write,
 * nor every second (see delivery/deliverer.ts), and would otherwise find a new one only at its next idle look.
 * Keyed by the database object the core was made with, which its routes, its library interface and its
 * deliverer share.
 */
const listeners = new WeakMap<object, Set<() => void>>();

/** Calls `listener` whenever `endpointsChanged(database)` is; returns the unsubscription. */
export function onEndpointsChanged(database: object, listener: () => void): () => void {
  const set = listeners.get(database) ?? new Set<() => void>();
  listeners.set(database, set);
  set.add(listener);
  return () => set.delete(listener);
}

export function endpointsChanged(database: object): void {
  for (const listener of listeners.get(database) ?? []) listener();
}
