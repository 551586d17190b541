// A small external store for workspace state outside the router and the
// query cache (layout, selection count), read with useSyncExternalStore.
import { useSyncExternalStore } from 'react';

export function createStore<T>(initial: T, onChange?: (value: T) => void) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      onChange?.(value);
      for (const l of listeners) l();
    },
    use: () => useSyncExternalStore(subscribe, () => value),
  };
}
