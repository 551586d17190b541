// A list page is data: a contract to call, the grid's columns, how a row is
// opened. The URL's validated search (routes/search-schemas.ts) is the list
// state; paging, sorting and the filter write back to the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMatch, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client.js';
import type { Contract } from '../api/contracts/define.js';
import { setLayout } from '../panes/layout.js';
import { setSelection } from '../panes/status.js';
import { useServices } from '../services.js';
import type { RowData } from '@tanstack/react-table';
import { DataGrid, type GridColumn, type GridSort } from './data-grid.js';

/** The page sizes a list offers, as far as its search schema allows them (spec 9: at most 1000 where bounded). */
export const PAGE_SIZES = [20, 50, 100, 500, 1000] as const;

/** The choices for a list: PAGE_SIZES its schema accepts, plus the current size when it is not one of them. */
export function pageSizeChoices(field: z.ZodType | undefined, current: number): number[] {
  // A size the schema does not accept falls back to its default: it is not a choice.
  const allowed = PAGE_SIZES.filter((n) => !field || field.safeParse(n).data === n);
  return [...new Set([...allowed, current])].sort((a, b) => a - b);
}

export interface ListDef<T extends RowData> {
  /** Query key root and the grid's id (its column settings are kept under it). */
  id: string;
  /** i18n key of the heading. */
  title: string;
  contract: Contract<z.ZodType, z.ZodType, z.ZodNever, z.ZodType>;
  /** Path params of the contract (a list inside a record: an integration's accounts). */
  params?: Record<string, string>;
  /** Query keys the page fixes beside its URL search (an alert page's category). */
  query?: Record<string, string>;
  items: (response: never) => { items: T[]; count: number };
  columns: readonly GridColumn<T>[];
  getRowId: (row: T) => string;
  href: (row: T) => string;
  /** URL keys of this list (they differ between spec lists). */
  /** page: the page number's key, 'pageIndex' unless the spec names another (alerts: 'page'). */
  keys: { sort: string; direction: string; filter?: string; page?: string };
  toolbar?: ReactNode;
  /** Above the toolbar: a tab bar (categories, settings, placeholders). */
  tabs?: ReactNode;
  /** Opening a row (Enter); default: navigate to href. */
  open?: (row: T) => void;
  /** The data-scope of the pane: its commands' keys act while focus is inside. */
  scope?: string;
  /** Inside another pane (a record's tab): no section and heading of its own; the title names the grid. */
  embedded?: boolean;
}

export function ListPane<T extends RowData>({ def }: { def: ListDef<T> }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // The page's search schema says which page sizes this list takes.
  const router = useRouter();
  const routeId = useMatch({ strict: false, select: (m) => m.routeId });
  const routes = router.routesById as Record<string, { options: { validateSearch?: unknown } } | undefined>;
  const schema = (routeId ? routes[routeId]?.options.validateSearch : undefined) as z.ZodObject | undefined;
  const filterRef = useRef<HTMLInputElement>(null);
  const filterKey = def.keys.filter;
  const pageKey = def.keys.page ?? 'pageIndex';
  const [filter, setFilter] = useState(String((filterKey && search[filterKey]) ?? ''));

  // The rows on screen, for the selection: a bulk action's confirm shows the
  // selected rows' current values (the grid clears its selection with new rows).
  const shown = useRef<{ items: readonly T[]; getRowId: (row: T) => string }>({ items: [], getRowId: def.getRowId });
  const onSelection = useCallback(
    (ids: ReadonlySet<string>) => setSelection(ids, shown.current.items.filter((r) => ids.has(shown.current.getRowId(r)))),
    [],
  );
  useEffect(() => () => setSelection([]), []);
  const setSearch = (patch: Record<string, unknown>) =>
    void navigate({ search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch })) as never, replace: true });

  // The filter writes to the URL 250 ms after the last keystroke, or at once
  // when the user leaves the box for the rows (flushFilter): a write still
  // pending then would land after an Enter that opens a row, and take the
  // user back to the list.
  const filterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A row was opened: the page is going away, nothing more is written. */
  const leaving = useRef(false);
  const filterPending = () => !!filterKey && filter !== String(search[filterKey] ?? '');
  const writeFilter = () => setSearch({ [filterKey!]: filter || undefined, [pageKey]: 0 });
  const flushFilter = () => {
    clearTimeout(filterTimer.current);
    if (filterPending()) writeFilter();
  };
  useEffect(() => {
    if (leaving.current || !filterPending()) return;
    filterTimer.current = setTimeout(writeFilter, 250);
    return () => clearTimeout(filterTimer.current);
  });

  const query = useQuery({
    queryKey: [def.id, def.params ?? null, ...(def.query ? [def.query] : []), search],
    queryFn: () => api(def.contract, { params: def.params, query: { ...search, ...def.query } } as never),
    placeholderData: keepPreviousData,
  });
  const data = query.data ? def.items(query.data as never) : { items: [], count: 0 };
  shown.current = { items: data.items, getRowId: def.getRowId };
  const pageIndex = Number(search[pageKey] ?? 0);
  const pageSize = Number(search.pageSize ?? 100);
  const pageSizes = pageSizeChoices(schema?.shape.pageSize as z.ZodType | undefined, pageSize);
  const sort: GridSort = {
    column: search[def.keys.sort] as string | undefined,
    direction: (search[def.keys.direction] as 'asc' | 'desc' | undefined) ?? 'asc',
  };

  const body = (
    <>
      {def.tabs}
      <div className="list-toolbar">
        {filterKey && (
          <input
            ref={filterRef}
            type="search"
            className="list-filter"
            aria-label={t('grid.filter')}
            placeholder={t('grid.filter')}
            value={filter}
            onChange={(e) => {
              leaving.current = false;
              setFilter(e.target.value);
            }}
            onKeyDown={(e) => {
              // Back to the rows without the mouse.
              if (e.key !== 'Escape' && e.key !== 'ArrowDown') return;
              // Escape in a search box would also clear it: keep the filter.
              e.preventDefault();
              flushFilter();
              (document.querySelector(`[role="grid"][aria-label="${t(def.title)}"]`) as HTMLElement | null)?.focus();
            }}
          />
        )}
        {def.toolbar}
      </div>
      <DataGrid
        id={def.id}
        label={t(def.title)}
        columns={def.columns}
        rows={data.items}
        getRowId={def.getRowId}
        total={data.count}
        pageIndex={pageIndex}
        pageSize={pageSize}
        sort={sort}
        loading={query.isFetching}
        error={query.error ? (query.error instanceof ApiError ? query.error.body.message : String(query.error)) : null}
        onSort={(s) => setSearch({ [def.keys.sort]: s.column, [def.keys.direction]: s.direction, [pageKey]: 0 })}
        onPage={(p) => setSearch({ [pageKey]: p })}
        pageSizes={pageSizes}
        onPageSize={(size) => setSearch({ pageSize: size, [pageKey]: 0 })}
        onOpen={(row) => {
          if (def.open) return def.open(row);
          // Leaving the list: a filter write still pending must not bring the user back.
          leaving.current = true;
          clearTimeout(filterTimer.current);
          void navigate({ href: def.href(row) });
        }}
        onOpenSide={(row) => setLayout({ side: def.href(row) })}
        onSelectionChange={onSelection}
        onFocusFilter={() => filterRef.current?.focus()}
      />
    </>
  );
  if (def.embedded) return <div className="list-embedded" data-scope={def.scope}>{body}</div>;
  return (
    <section className="pane" aria-labelledby="pane-title" data-scope={def.scope}>
      <h1 id="pane-title" className="pane-title">
        {t(def.title)}
      </h1>
      {body}
    </section>
  );
}
