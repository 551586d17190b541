// The one data grid every list uses: @tanstack/react-table v9 for the column
// model (visibility, order, sizes, remembered per list), @tanstack/react-virtual
// for rows (fixed height; only visible rows exist in the DOM), server-driven
// paging and sorting through the caller (the URL owns list state).
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
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerGrid, type GridController } from './grid-controller.js';

export const ROW_HEIGHT = 28;

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

interface RowProps {
  row: unknown;
  columns: readonly GridColumn<never>[];
  template: string;
  index: number;
  top: number;
  active: boolean;
  selected: boolean;
  domId: string;
}

// Memoized: moving the active row re-renders two rows, not the page.
const Row = memo(function Row({ row, columns, template, index, top, active, selected, domId }: RowProps) {
  return (
    <div
      role="row"
      id={domId}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`grid-row${active ? ' active' : ''}${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT, gridTemplateColumns: template }}
    >
      {columns.map((c) => (
        <div key={c.id} role="gridcell" className="grid-cell">
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
  const template = visible.map((c) => `${c.getSize()}px`).join(' ');
  const visibleIds = visible.map((c) => c.id).join('|');
  // Stable while the visible columns are: rows stay memoized.
  const shown = useMemo(() => visibleIds.split('|').map((id) => byId.get(id)!).filter(Boolean) as GridColumn<never>[], [visibleIds, byId]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef(0);
  const rows = props.rows;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  // New page, new rows: start at the top with nothing selected.
  useEffect(() => {
    setActive(0);
    setSelected(new Set());
  }, [rows]);
  useEffect(() => props.onSelectionChange?.(selected), [selected, props.onSelectionChange]);

  const controller = useMemo<GridController>(() => {
    const clamp = (i: number) => Math.max(0, Math.min(rows.length - 1, i));
    const go = (i: number) => {
      const next = clamp(i);
      setActive(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
      return next;
    };
    const pageRows = () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    return {
      move: (delta) => {
        setActive((a) => {
          const next = clamp(a + delta);
          virtualizer.scrollToIndex(next, { align: 'auto' });
          anchor.current = next;
          return next;
        });
      },
      extend: (delta) => {
        setActive((a) => {
          const next = clamp(a + delta);
          virtualizer.scrollToIndex(next, { align: 'auto' });
          const [from, to] = [Math.min(anchor.current, next), Math.max(anchor.current, next)];
          setSelected(new Set(rows.slice(from, to + 1).map(props.getRowId)));
          return next;
        });
      },
      top: () => void go(0),
      bottom: () => void go(rows.length - 1),
      pageDown: () => setActive((a) => go(a + pageRows())),
      pageUp: () => setActive((a) => go(a - pageRows())),
      toggleSelect: () =>
        setActive((a) => {
          const row = rows[a];
          if (row) {
            const id = props.getRowId(row);
            setSelected((s) => {
              const n = new Set(s);
              if (n.has(id)) n.delete(id);
              else n.add(id);
              return n;
            });
          }
          anchor.current = a;
          return a;
        }),
      open: () => setActive((a) => (rows[a] && props.onOpen(rows[a]), a)),
      openSide: () => setActive((a) => (rows[a] && (props.onOpenSide ?? props.onOpen)(rows[a]), a)),
      focusFilter: () => props.onFocusFilter?.(),
    };
  }, [rows, virtualizer, props]);

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
  const sortHeader = (c: GridColumn<T>) => {
    if (!c.sortColumn) return t(c.header);
    const on = props.sort.column === c.sortColumn;
    const next: GridSort = { column: c.sortColumn, direction: on && props.sort.direction === 'asc' ? 'desc' : 'asc' };
    return (
      <button type="button" className="link sort" onClick={() => props.onSort(next)}>
        {t(c.header)} {on ? (props.sort.direction === 'asc' ? '▲' : '▼') : ''}
      </button>
    );
  };

  const allColumns = table.getAllLeafColumns();
  const order = allColumns.map((c) => c.id);
  const move = (id: string, delta: number) => {
    const from = order.indexOf(id);
    const to = from + delta;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[from], next[to]] = [next[to]!, next[from]!];
    table.setColumnOrder(next);
  };

  return (
    <div className="grid-wrap">
      <details className="columns-menu">
        <summary>{t('grid.columns')}</summary>
        <ul aria-label={t('grid.columns')}>
          {allColumns.map((col, i) => (
            <li key={col.id}>
              <label>
                <input type="checkbox" checked={col.getIsVisible()} onChange={() => col.toggleVisibility()} />
                {t(byId.get(col.id)?.header ?? col.id)}
              </label>
              <button type="button" className="link" aria-label={t('grid.moveLeft', { column: t(byId.get(col.id)?.header ?? col.id) })} disabled={i === 0} onClick={() => move(col.id, -1)}>
                ←
              </button>
              <button
                type="button"
                className="link"
                aria-label={t('grid.moveRight', { column: t(byId.get(col.id)?.header ?? col.id) })}
                disabled={i === allColumns.length - 1}
                onClick={() => move(col.id, 1)}
              >
                →
              </button>
            </li>
          ))}
        </ul>
      </details>
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
      >
        <div role="rowgroup" className="grid-head">
          <div role="row" aria-rowindex={1} className="grid-row" style={{ gridTemplateColumns: template }}>
            {visible.map((col) => {
              const c = byId.get(col.id)!;
              const on = c.sortColumn && props.sort.column === c.sortColumn;
              return (
                <div
                  key={col.id}
                  role="columnheader"
                  className="grid-cell"
                  aria-sort={on ? (props.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {sortHeader(c)}
                  <ResizeHandle
                    label={t('grid.resize', { column: t(c.header) })}
                    size={col.getSize()}
                    onSize={(size) => table.setColumnSizing((sizes) => ({ ...sizes, [col.id]: size }))}
                  />
                </div>
              );
            })}
          </div>
        </div>
        <div ref={scrollRef} role="rowgroup" className="grid-body">
          {props.error ? (
            <p className="grid-state form-error" role="alert">
              {props.error}
            </p>
          ) : rows.length === 0 ? (
            <p className="grid-state">{props.loading ? t('pending') : t('grid.empty')}</p>
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
                    columns={shown}
                    template={template}
                    index={v.index}
                    top={v.start}
                    active={v.index === active}
                    selected={selected.has(id)}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      <nav className="grid-foot" aria-label={t('grid.paging')}>
        <span className="mono">{t('grid.total', { count: props.total })}</span>
        {selected.size > 0 && <span className="mono">{t('grid.selected', { count: selected.size })}</span>}
        <button type="button" className="secondary" disabled={props.pageIndex <= 0} onClick={() => props.onPage(props.pageIndex - 1)}>
          {t('grid.prev')}
        </button>
        <span className="mono">
          {props.pageIndex + 1} / {pages}
        </span>
        <button type="button" className="secondary" disabled={props.pageIndex + 1 >= pages} onClick={() => props.onPage(props.pageIndex + 1)}>
          {t('grid.next')}
        </button>
      </nav>
    </div>
  );
}
