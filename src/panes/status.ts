// What the status line shows besides the route: the focused list's
// selection (written by the list pane; bulk commands read the ids, and their
// confirm the rows themselves, to show each row's current value).
import { createStore } from './store.js';

const selection = createStore<readonly string[]>([]);
const EMPTY: readonly string[] = [];
let selectedRows: readonly unknown[] = EMPTY;

/** rows: the selected rows as the list on screen holds them. */
export const setSelection = (ids: Iterable<string>, rows: readonly unknown[] = EMPTY) => {
  const list = [...ids];
  selectedRows = list.length ? rows : EMPTY;
  selection.set(list.length ? list : EMPTY);
};
export const getSelection = () => selection.get();
/** The selected rows of the list on screen (its loaded page: a selection never outlives its page). */
export const getSelectedRows = () => selectedRows;
export const useSelectionCount = () => selection.use().length;
