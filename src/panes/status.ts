// What the status line shows besides the route: the focused list's
// selection count (written by the grid).
import { useSyncExternalStore } from 'react';

let selection = 0;
const listeners = new Set<() => void>();

export function setSelectionCount(n: number): void {
  if (n === selection) return;
  selection = n;
  for (const l of listeners) l();
}

export function useSelectionCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => selection,
  );
}
