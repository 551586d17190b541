// The workspace layout: which record is open in the side pane and the split
// sizes. Kept in localStorage so a reload restores it (it is per browser,
// not part of the shared URL).
import { useSyncExternalStore } from 'react';

export interface Layout {
  side: string | null;
  sizes: number[] | null;
}

const KEY = 'daicho.layout';
const listeners = new Set<() => void>();
let current: Layout = read();

function read(): Layout {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Layout>;
    return { side: typeof v.side === 'string' && v.side.startsWith('/') ? v.side : null, sizes: Array.isArray(v.sizes) ? v.sizes : null };
  } catch {
    return { side: null, sizes: null };
  }
}

export function setLayout(patch: Partial<Layout>): void {
  current = { ...current, ...patch };
  localStorage.setItem(KEY, JSON.stringify(current));
  for (const l of listeners) l();
}

export function useLayout(): Layout {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
