// The focused grid, for the grid commands of the registry: each mounted grid
// registers its element; a command asks which one holds the focus.
export interface GridController {
  move(delta: number): void;
  extend(delta: number): void;
  top(): void;
  bottom(): void;
  pageUp(): void;
  pageDown(): void;
  toggleSelect(): void;
  open(): void;
  openSide(): void;
  focusFilter(): void;
  /** The row under the cursor (for a command acting on one row). */
  activeRow(): unknown;
  /** Puts the cursor on this row when the rows next hold it (a moved row,
   * after the list is read again), instead of on the first row; moving the
   * cursor meanwhile cancels it. */
  follow(rowId: string): void;
}

const grids = new Map<Element, GridController>();

export function registerGrid(el: Element, controller: GridController): () => void {
  grids.set(el, controller);
  return () => {
    if (grids.get(el) === controller) grids.delete(el);
  };
}

export function focusedGrid(): GridController | null {
  const el = document.activeElement?.closest('[role="grid"]');
  return (el && grids.get(el)) ?? null;
}
