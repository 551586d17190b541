// What the status line shows besides the route: the focused list's
// selection (written by the list pane; bulk commands read the ids).
import { createStore } from './store.js';

const selection = createStore<readonly string[]>([]);
const EMPTY: readonly string[] = [];

export const setSelection = (ids: Iterable<string>) => {
  const list = [...ids];
  selection.set(list.length ? list : EMPTY);
};
export const getSelection = () => selection.get();
export const useSelectionCount = () => selection.use().length;
