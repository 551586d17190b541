// The one data grid every list uses: @tanstack/react-table v9 for the column
// model (visibility, order, sizes, remembered per list), @tanstack/react-virtual
// for rows (fixed height; only visible rows exist in the DOM) and, on wide
// lists, for columns too (only the columns in view exist in the header and in
// each row), server-driven paging and sorting through the caller (the URL owns
// list state).
//
// The grid element itself is the scroll container, both ways: the header row
// is sticky at its top and scrolls sideways with the cells, so the two stay
// aligned; focused, it scrolls sideways with the arrow keys.
//
// Keys come from the command registry (grid.commands.ts, scope 'pane:grid'):
// the grid only exposes a controller for the focused grid.
import {
  type ColumnDef,
  type RowData,
  columnOrderingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { defaultRangeExtractor, type Range, useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type CSSProperties, memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerGrid, type GridController } from './grid-controller.js';
import { PageButtons } from './page-buttons.js';

export const ROW_HEIGHT = 28;
/** Columns are virtualized from this many visible columns on… */
export const MANY_COLUMNS = 12;
/** …or when their total width is this many times the grid's width. */
export const WIDE_RATIO = 1.5;
const COLUMN_OVERSCAN = 2;

const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature, columnSizingFeature });

export interface GridColumn<T> {
  id: string;
  /** i18n key of the header. */
  header: string;
  width?: number;
  /** Server sort column this header sorts by, when sortable. */
  sortColumn?: string;
  cell: (row: T) => ReactNode;
}

export interface GridSort {
  column: string | undefined;
  direction: 'asc' | 'desc';
}

export interface DataGridProps<T extends RowData> {
  /** Names the grid for screen readers and remembers its columns. */
  id: string;
  label: string;
  columns: readonly GridColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  total: number;
  pageIndex: number;
  pageSize: number;
  sort: GridSort;
  loading?: boolean;
  error?: string | null;
  onSort: (sort: GridSort) => void;
  onPage: (pageIndex: number) => void;
  /** The page sizes offered in the footer (ascending, the current one among them); none: no choice. */
  pageSizes?: readonly number[];
  onPageSize?: (pageSize: number) => void;
  onOpen: (row: T) => void;
  onOpenSide?: (row: T) => void;
  onFocusFilter?: () => void;
  onSelectionChange?: (ids: ReadonlySet<string>) => void;
}

const storageKey = (id: string) => `daicho.grid.${id}`;

function usePersistedColumns(id: string) {
  const [state, setState] = useState<{ columnVisibility: Record<string, boolean>; columnOrder: string[]; columnSizing: Record<string, number> }>(() => {
    try {
      return { columnVisibility: {}, columnOrder: [], columnSizing: {}, ...JSON.parse(localStorage.getItem(storageKey(id)) ?? '{}') };
    } catch {
      return { columnVisibility: {}, columnOrder: [], columnSizing: {} };
    }
  });
  useEffect(() => localStorage.setItem(storageKey(id), JSON.stringify(state)), [id, state]);
  return [state, setState] as const;
}

/**
 * Which columns a row renders and where. `cells` are the rendered columns
 * (index = position among the visible columns); the width of the columns left
 * out becomes padding before the first and after the last, and an empty track
 * between a pinned column (see `pinned` below) and the range in view. Header
 * and rows share one object, so they line up, and rows stay memoized while
 * the range does not change.
 */
interface ColumnLayout {
  cells: readonly { column: GridColumn<never>; index: number; track: number }[];
  template: string;
  padStart: number;
  padEnd: number;
}

function layoutColumns(columns: readonly GridColumn<never>[], items: readonly Pick<VirtualItem, 'index' | 'start' | 'size'>[], total: number): ColumnLayout {
  const cells: { column: GridColumn<never>; index: number; track: number }[] = [];
  const tracks: string[] = [];
  let padStart = 0;
  let at = 0;
  for (const item of items) {
    const column = columns[item.index];
    if (!column) continue;
    if (cells.length === 0) padStart = item.start;
    else if (item.start > at) tracks.push(`${item.start - at}px`);
    tracks.push(`${item.size}px`);
    cells.push({ column, index: item.index, track: tracks.length });
    at = item.start + item.size;
  }
  return { cells, template: tracks.join(' '), padStart, padEnd: Math.max(0, total - at) };
}

const rowLayoutStyle = (layout: ColumnLayout): CSSProperties => ({
  gridTemplateColumns: layout.template,
  paddingLeft: layout.padStart,
  paddingRight: layout.padEnd,
});

interface RowProps {
  row: unknown;
  layout: ColumnLayout;
  index: number;
  top: number;
  active: boolean;
  selected: boolean;
  domId: string;
}

// Memoized: moving the active row re-renders two rows, not the page; scrolling
// sideways re-renders the rows only when the range of columns changes.
const Row = memo(function Row({ row, layout, index, top, active, selected, domId }: RowProps) {
  return (
    <div
      role="row"
      id={domId}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`grid-row${active ? ' active' : ''}${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT, ...rowLayoutStyle(layout) }}
    >
      {layout.cells.map(({ column: c, index: i, track }) => (
        <div key={c.id} role="gridcell" aria-colindex={i + 1} data-col={i} className="grid-cell" style={{ gridColumn: track }}>
          {c.cell(row as never)}
        </div>
      ))}
    </div>
  );
});

const MIN_WIDTH = 60;
const MAX_WIDTH = 800;
const clampWidth = (w: number) => Math.round(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, w)));

/** A column's width handle: drag it, or focus it and use the arrow keys. */
function ResizeHandle({ label, size, onSize }: { label: string; size: number; onSize: (size: number) => void }) {
  return (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={size}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      className="resize-handle"
      onKeyDown={(e) => {
        const step = e.shiftKey ? 64 : 16;
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          e.stopPropagation();
          onSize(clampWidth(size + (e.key === 'ArrowRight' ? step : -step)));
        }
      }}
      onPointerDown={(e) => {
        e.preventDefault();
        const startX = e.clientX;
        const move = (ev: PointerEvent) => onSize(clampWidth(size + ev.clientX - startX));
        const up = () => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      }}
    />
  );
}

interface HeaderRowProps {
  layout: ColumnLayout;
  /** The visible columns' widths, space-separated (a string: stable while they are). */
  widths: string;
  sortColumn: string | undefined;
  sortDirection: 'asc' | 'desc';
  onSort: (sort: GridSort) => void;
  onSize: (id: string, size: number) => void;
}

// Memoized: scrolling down or moving the active row does not render the header.
const HeaderRow = memo(function HeaderRow({ layout, widths, sortColumn, sortDirection, onSort, onSize }: HeaderRowProps) {
  const { t } = useTranslation();
  const sizes = widths.split(' ').map(Number);
  return (
    <div role="row" aria-rowindex={1} className="grid-row" style={rowLayoutStyle(layout)}>
      {layout.cells.map(({ column: c, index, track }) => {
        const on = !!c.sortColumn && sortColumn === c.sortColumn;
        const next: GridSort = { column: c.sortColumn, direction: on && sortDirection === 'asc' ? 'desc' : 'asc' };
        return (
          <div
            key={c.id}
            role="columnheader"
            aria-colindex={index + 1}
            data-col={index}
            className="grid-cell"
            style={{ gridColumn: track }}
            aria-sort={on ? (sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}
          >
            {c.sortColumn ? (
              <button type="button" className="link sort" onClick={() => onSort(next)}>
                {t(c.header)} {on ? (sortDirection === 'asc' ? '▲' : '▼') : ''}
              </button>
            ) : (
              t(c.header)
            )}
            <ResizeHandle label={t('grid.resize', { column: t(c.header) })} size={sizes[index] ?? 160} onSize={(size) => onSize(c.id, size)} />
          </div>
        );
      })}
    </div>
  );
});

interface ColumnsMenuProps {
  /** `id:visible` of every column in order, '|'-separated (stable while they are). */
  columns: string;
  byId: ReadonlyMap<string, GridColumn<never>>;
  onToggle: (id: string) => void;
  onMove: (id: string, delta: number) => void;
}

// Memoized, and its list exists only while it is open: the grid's renders
// (each key press, each scrolled frame) do not touch one checkbox.
const ColumnsMenu = memo(function ColumnsMenu({ columns, byId, onToggle, onMove }: ColumnsMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = columns.split('|').map((c) => {
    const at = c.lastIndexOf(':');
    return { id: c.slice(0, at), visible: c.slice(at + 1) === '1' };
  });
  const title = (id: string) => t(byId.get(id)?.header ?? id);
  return (
    <details className="columns-menu" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('grid.columns')}</summary>
      {open && (
        <ul aria-label={t('grid.columns')}>
          {list.map((col, i) => (
            <li key={col.id}>
              <label>
                <input type="checkbox" checked={col.visible} onChange={() => onToggle(col.id)} />
                {title(col.id)}
              </label>
              <button type="button" className="link" aria-label={t('grid.moveLeft', { column: title(col.id) })} disabled={i === 0} onClick={() => onMove(col.id, -1)}>
                ←
              </button>
              <button type="button" className="link" aria-label={t('grid.moveRight', { column: title(col.id) })} disabled={i === list.length - 1} onClick={() => onMove(col.id, 1)}>
                →
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
});

interface GridFooterProps {
  id: string;
  total: number;
  /** How many rows are selected. */
  selected: number;
  pageIndex: number;
  pages: number;
  pageSize: number;
  pageSizes: readonly number[] | undefined;
  onPage: (pageIndex: number) => void;
  onPageSize: (pageSize: number) => void;
}

// Memoized: a key press moves the active row, not the paging, so it renders
// none of the footer's words again.
const GridFooter = memo(function GridFooter({ id, total, selected, pageIndex, pages, pageSize, pageSizes, onPage, onPageSize }: GridFooterProps) {
  const { t } = useTranslation();
  return (
    <nav className="grid-foot" aria-label={t('grid.paging')}>
      <span className="mono">{t('grid.total', { count: total })}</span>
      {selected > 0 && <span className="mono">{t('grid.selected', { count: selected })}</span>}
      <PageButtons pageIndex={pageIndex} pages={pages} onPage={onPage} />
      {pageSizes && pageSizes.length > 0 && (
        // Radio buttons, not a <select>: arrow keys choose as in a select,
        // and the choices are not listbox options beside the palette's.
        // The page-size command (Shift+R) focuses the chosen one.
        <div role="radiogroup" className="page-size" aria-labelledby={`${id}-page-size`} data-page-size>
          <span id={`${id}-page-size`}>{t('grid.pageSize')}</span>
          {pageSizes.map((n) => (
            <label key={n}>
              <input type="radio" name={`${id}-page-size`} value={n} checked={n === pageSize} onChange={() => onPageSize(n)} />
              {t('grid.pageSizeOption', { count: n })}
            </label>
          ))}
        </div>
      )}
    </nav>
  );
});

export function DataGrid<T extends RowData>(props: DataGridProps<T>) {
  const { t } = useTranslation();
  const [persisted, setPersisted] = usePersistedColumns(props.id);
  const columns = useMemo<ColumnDef<typeof features, T>[]>(
    () => props.columns.map((c) => ({ id: c.id, header: c.header, size: c.width ?? 160, accessorFn: (row: T) => row })),
    [props.columns],
  );
  const table = useTable({
    features,
    columns,
    data: props.rows as T[],
    getRowId: (row: T) => props.getRowId(row),
    state: persisted,
    onColumnVisibilityChange: (u) => setPersisted((s) => ({ ...s, columnVisibility: typeof u === 'function' ? u(s.columnVisibility) : u })),
    onColumnOrderChange: (u) => setPersisted((s) => ({ ...s, columnOrder: typeof u === 'function' ? u(s.columnOrder) : u })),
    onColumnSizingChange: (u) => setPersisted((s) => ({ ...s, columnSizing: typeof u === 'function' ? u(s.columnSizing) : u })),
  });
  const visible = table.getVisibleLeafColumns();
  const byId = useMemo(() => new Map(props.columns.map((c) => [c.id, c])), [props.columns]);
  const sizes = visible.map((c) => c.getSize());
  const sizesKey = sizes.join(' ');
  const totalWidth = sizes.reduce((sum, w) => sum + w, 0);
  const visibleIds = visible.map((c) => c.id).join('|');
  // Stable while the visible columns are: rows stay memoized.
  const shown = useMemo(() => visibleIds.split('|').map((id) => byId.get(id)!) as GridColumn<never>[], [visibleIds, byId]);

  // The grid is the scroll element of both virtualizers.
  const gridRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef(0);
  const rows = props.rows;

  // The grid's inner width (when columns are virtualized) and the sticky
  // header's height (the rows start below it, and scrolling to a row keeps it
  // out from under the header).
  const [viewportWidth, setViewportWidth] = useState(0);
  const [headHeight, setHeadHeight] = useState(ROW_HEIGHT + 1);
  useLayoutEffect(() => {
    const grid = gridRef.current;
    const head = headRef.current;
    if (!grid) return;
    const measure = () => {
      setViewportWidth(grid.clientWidth);
      if (head) setHeadHeight(head.offsetHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    if (head) observer.observe(head);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
  });

  // Columns: virtualized only on wide lists; a narrow list renders them all.
  const wide = shown.length > MANY_COLUMNS || (viewportWidth > 0 && totalWidth > viewportWidth * WIDE_RATIO);
  // A column holding the focus (a header's sort button or width handle) stays
  // rendered when scrolled out of view: unmounting it would drop the focus to
  // the page, out of the grid's key scope, and j/k would stop working.
  const [pinned, setPinned] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return pinned === null || pinned >= range.count || indexes.includes(pinned) ? indexes : [...indexes, pinned].sort((a, b) => a - b);
    },
    [pinned],
  );
  // A new key function when the order or a width changes: the virtualizer
  // then measures the columns again (sizes come from the column sizing state).
  const columnKey = useMemo(() => {
    const widths = sizesKey.split(' ');
    return (i: number) => `${shown[i]?.id}:${widths[i]}`;
  }, [shown, sizesKey]);
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    enabled: wide,
    count: shown.length,
    getScrollElement: () => gridRef.current,
    estimateSize: (i) => sizes[i] ?? 160,
    getItemKey: columnKey,
    overscan: COLUMN_OVERSCAN,
    rangeExtractor,
    initialRect: { width: viewportWidth, height: 0 },
  });
  const columnItems = wide ? columnVirtualizer.getVirtualItems() : null;
  const layout = useMemo(() => {
    if (columnItems) return layoutColumns(shown, columnItems, totalWidth);
    let start = 0;
    const all = sizesKey.split(' ').map((w, index) => {
      const item = { index, size: Number(w), start };
      start += item.size;
      return item;
    });
    return layoutColumns(shown, all, totalWidth);
  }, [columnItems, shown, sizesKey, totalWidth]);

  useEffect(() => props.onSelectionChange?.(selected), [selected, props.onSelectionChange]);

  // The active row, also as a ref: keys read and move it without waiting for a render.
  const activeRef = useRef(0);
  const setActiveRow = useCallback((i: number) => {
    activeRef.current = i;
    setActive(i);
  }, []);
  // Brings row i into view below the sticky header, by arithmetic: rows have
  // one fixed height, so no measuring and no scroll animation loop. Called
  // from a key handler, before the render (the layout is still clean).
  //
  // The virtualizer is told the new offset at once: the key's own render
  // then draws the rows of the new range, and the scroll event that follows
  // finds that range already drawn, so it renders nothing again (one render
  // per key press, not two; the virtualizer re-renders on a scroll only when
  // its range or its scrolling state changes).
  const reveal = useCallback(
    (i: number) => {
      const el = gridRef.current;
      if (!el) return;
      const top = i * ROW_HEIGHT;
      const bottom = headHeight + (i + 1) * ROW_HEIGHT - el.clientHeight;
      const before = el.scrollTop;
      if (before > top) el.scrollTop = top;
      else if (before < bottom) el.scrollTop = Math.max(0, bottom);
      else return;
      virtualizer.scrollOffset = el.scrollTop;
    },
    [headHeight, virtualizer],
  );
  const propsRef = useRef(props);
  propsRef.current = props;
  const revealRef = useRef(reveal);
  revealRef.current = reveal;

  // New page, new rows: start at the top with nothing selected, or on the
  // row the cursor follows (controller.follow) once the rows hold it.
  const following = useRef<string | null>(null);
  useEffect(() => {
    const id = following.current;
    const at = id === null ? -1 : rows.findIndex((r) => propsRef.current.getRowId(r) === id);
    if (at >= 0) {
      following.current = null;
      revealRef.current(at);
    }
    setActiveRow(Math.max(0, at));
    anchor.current = Math.max(0, at);
    setSelected(new Set());
  }, [rows, setActiveRow]);

  const controller = useMemo<GridController>(() => {
    const clamp = (i: number) => Math.max(0, Math.min(rows.length - 1, i));
    const go = (i: number) => {
      following.current = null;
      const next = clamp(i);
      reveal(next);
      setActiveRow(next);
      return next;
    };
    const pageRows = () => Math.max(1, Math.floor(((gridRef.current?.clientHeight ?? ROW_HEIGHT * 11) - headHeight) / ROW_HEIGHT) - 1);
    const current = () => rows[activeRef.current];
    return {
      move: (delta) => {
        anchor.current = go(activeRef.current + delta);
      },
      extend: (delta) => {
        const next = go(activeRef.current + delta);
        const [from, to] = [Math.min(anchor.current, next), Math.max(anchor.current, next)];
        setSelected(new Set(rows.slice(from, to + 1).map(propsRef.current.getRowId)));
      },
      top: () => void go(0),
      bottom: () => void go(rows.length - 1),
      pageDown: () => void go(activeRef.current + pageRows()),
      pageUp: () => void go(activeRef.current - pageRows()),
      toggleSelect: () => {
        const row = current();
        if (row) {
          const id = propsRef.current.getRowId(row);
          setSelected((s) => {
            const n = new Set(s);
            if (n.has(id)) n.delete(id);
            else n.add(id);
            return n;
          });
        }
        anchor.current = activeRef.current;
      },
      open: () => {
        const row = current();
        if (row) propsRef.current.onOpen(row);
      },
      openSide: () => {
        const row = current();
        if (row) (propsRef.current.onOpenSide ?? propsRef.current.onOpen)(row);
      },
      focusFilter: () => propsRef.current.onFocusFilter?.(),
      activeRow: () => current() ?? null,
      follow: (rowId) => {
        following.current = rowId;
      },
    };
  }, [rows, headHeight, reveal, setActiveRow]);

  useEffect(() => {
    const el = gridRef.current;
    if (!el) return;
    return registerGrid(el, controller);
  }, [controller]);
  // Keyboard first: a freshly opened list takes the focus unless something has it.
  useEffect(() => {
    if (document.activeElement === document.body) gridRef.current?.focus();
  }, []);

  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  const activeRow = rows[active];
  const onSort = useCallback((sort: GridSort) => propsRef.current.onSort(sort), []);
  const onPage = useCallback((pageIndex: number) => propsRef.current.onPage(pageIndex), []);
  const onPageSize = useCallback((pageSize: number) => propsRef.current.onPageSize?.(pageSize), []);
  const onSize = useCallback((id: string, size: number) => table.setColumnSizing((all) => ({ ...all, [id]: size })), [table]);

  const allColumns = table.getAllLeafColumns();
  const menuColumns = allColumns.map((c) => `${c.id}:${c.getIsVisible() ? 1 : 0}`).join('|');
  const onToggleColumn = useCallback((id: string) => table.getColumn(id)?.toggleVisibility(), [table]);
  const onMoveColumn = useCallback(
    (id: string, delta: number) => {
      const order = table.getAllLeafColumns().map((c) => c.id);
      const from = order.indexOf(id);
      const to = from + delta;
      if (to < 0 || to >= order.length) return;
      [order[from], order[to]] = [order[to]!, order[from]!];
      table.setColumnOrder(order);
    },
    [table],
  );

  return (
    <div className="grid-wrap">
      <ColumnsMenu columns={menuColumns} byId={byId} onToggle={onToggleColumn} onMove={onMoveColumn} />
      <div
        ref={gridRef}
        role="grid"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-colcount={visible.length}
        aria-multiselectable
        aria-busy={props.loading}
        aria-activedescendant={activeRow ? `${props.id}-row-${props.getRowId(activeRow)}` : undefined}
        tabIndex={0}
        data-scope="pane:grid"
        className="grid"
        onFocus={(e) => {
          const cell = (e.target as Element).closest<HTMLElement>('[data-col]');
          setPinned(cell && e.currentTarget.contains(cell) ? Number(cell.dataset.col) : null);
        }}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPinned(null);
        }}
      >
        <div ref={headRef} role="rowgroup" className="grid-head" style={{ width: totalWidth }}>
          <HeaderRow layout={layout} widths={sizesKey} sortColumn={props.sort.column} sortDirection={props.sort.direction} onSort={onSort} onSize={onSize} />
        </div>
        <div role="rowgroup" className="grid-body" style={{ width: totalWidth }}>
          {props.error || rows.length === 0 ? (
            // A grid holds rows only: the empty, loading and error states are one full-width cell.
            <div role="row" aria-rowindex={2}>
              <div role="gridcell" aria-colspan={Math.max(1, visible.length)}>
                {props.error ? (
                  <p className="grid-state form-error" role="alert">
                    {props.error}
                  </p>
                ) : (
                  <p className="grid-state">{props.loading ? t('pending') : t('grid.empty')}</p>
                )}
              </div>
            </div>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((v) => {
                const row = rows[v.index]!;
                const id = props.getRowId(row);
                return (
                  <Row
                    key={id}
                    domId={`${props.id}-row-${id}`}
                    row={row}
                    layout={layout}
                    index={v.index}
                    top={v.start - headHeight}
                    active={v.index === active}
                    selected={selected.has(id)}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      <GridFooter
        id={props.id}
        total={props.total}
        selected={selected.size}
        pageIndex={props.pageIndex}
        pages={pages}
        pageSize={props.pageSize}
        pageSizes={props.onPageSize ? props.pageSizes : undefined}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </div>
  );
}
