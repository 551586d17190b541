// What the status line shows besides the route: the focused list's
// selection count (written by the list pane).
import { createStore } from './store.js';

const selection = createStore(0);

export const setSelectionCount = (n: number) => selection.set(n);
export const useSelectionCount = selection.use;
