// Which record the module editor dialog shows (master-data lists edit rows in
// a dialog rather than on a page): set by commands, read by the list pane.
import { createStore } from '../store.js';

export interface EditorTarget {
  module: string;
  /** null: a new row. */
  rowId: string | null;
}

const editor = createStore<EditorTarget | null>(null);
export const openEditor = (target: EditorTarget) => editor.set(target);
export const closeEditor = () => editor.set(null);
export const useEditor = editor.use;
