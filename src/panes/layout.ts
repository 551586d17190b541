// The workspace layout: which record is open in the side pane and the split
// sizes. Kept in localStorage so a reload restores it (it is per browser,
// not part of the shared URL).
import { createStore } from './store.js';

export interface Layout {
  side: string | null;
  sizes: number[] | null;
}

const KEY = 'daicho.layout';

function read(): Layout {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Layout>;
    return { side: typeof v.side === 'string' && v.side.startsWith('/') ? v.side : null, sizes: Array.isArray(v.sizes) ? v.sizes : null };
  } catch {
    return { side: null, sizes: null };
  }
}

const layout = createStore<Layout>(read(), (v) => localStorage.setItem(KEY, JSON.stringify(v)));

export const setLayout = (patch: Partial<Layout>) => layout.set({ ...layout.get(), ...patch });
export const useLayout = layout.use;
