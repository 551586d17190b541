// Bench page: one of three grids over the same 1000 equipment rows and 25
// columns, chosen by ?impl=ours|agGrid|plainTable.
// - ours: the product's DataGrid with the props ListPane gives it, in the
//   console's pane markup and styles; `j` goes through the real binding layer
//   (useCommandBindings + grid.commands.ts + the focused grid's controller).
// - agGrid: AG Grid Community, same rows, same cell text, same row height;
//   `j` moves the focused cell down and keeps it in view.
// - plainTable: a plain <table> with every row and cell in the DOM; `j` moves
//   the active row (memoized rows) and scrolls it into view.
// The page sets window.__ready when the grid has rendered.
import { AllCommunityModule, createGrid, type GridApi, ModuleRegistry } from 'ag-grid-community';
import { memo, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { ModuleRow } from '../../src/api/modules/contracts.js';
import { useCommandBindings } from '../../src/commands/bindings.js';
import { gridCommands } from '../../src/commands/grid.commands.js';
import type { CommandContext } from '../../src/commands/registry.js';
import { paneMessages, setupI18n } from '../../src/i18n.js';
import { DataGrid, type GridColumn, ROW_HEIGHT } from '../../src/tables/data-grid.js';
import { focusedGrid } from '../../src/tables/grid-controller.js';
import '../../src/styles.css';
import './bench.css';
import { benchColumns, benchRows } from './data.js';

declare global {
  interface Window {
    __ready?: boolean;
    __error?: string;
  }
}

const params = new URLSearchParams(location.search);
const impl = params.get('impl') ?? 'ours';
const count = Number(params.get('rows') ?? 1000);
const noop = () => undefined;
const ready = () => void requestAnimationFrame(() => requestAnimationFrame(() => (window.__ready = true)));

const ctx = { grid: focusedGrid } as unknown as CommandContext;
const sort = { column: 'NAME', direction: 'asc' } as const;

function Ours({ columns, rows }: { columns: GridColumn<ModuleRow>[]; rows: ModuleRow[] }) {
  useCommandBindings(gridCommands, ctx);
  useEffect(ready, []);
  return (
    <main className="content" tabIndex={-1}>
      <section className="pane" data-scope="pane:equipment">
        <h1 className="pane-title">備品</h1>
        <DataGrid
          id="bench-equipment"
          label="備品"
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          total={rows.length}
          pageIndex={0}
          pageSize={1000}
          sort={sort}
          onSort={noop}
          onPage={noop}
          onOpen={noop}
          onOpenSide={noop}
          onSelectionChange={noop}
          onFocusFilter={noop}
        />
      </section>
    </main>
  );
}

const PlainRow = memo(function PlainRow({ row, columns, active }: { row: ModuleRow; columns: GridColumn<ModuleRow>[]; active: boolean }) {
  return (
    <tr className={active ? 'active' : undefined} data-active={active || undefined}>
      {columns.map((c) => (
        <td key={c.id}>{c.cell(row)}</td>
      ))}
    </tr>
  );
});

function PlainTable({ columns, rows, t }: { columns: GridColumn<ModuleRow>[]; rows: ModuleRow[]; t: (k: string) => string }) {
  const [active, setActive] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    wrap.current?.focus();
    ready();
  }, []);
  useEffect(() => wrap.current?.querySelector('tr[data-active]')?.scrollIntoView({ block: 'nearest' }), [active]);
  return (
    <main className="content">
      <section className="pane">
        <h1 className="pane-title">備品</h1>
        <div
          ref={wrap}
          className="bench-plain"
          role="grid"
          tabIndex={0}
          onKeyDown={(e) => {
            if (e.key === 'j') setActive((a) => Math.min(rows.length - 1, a + 1));
            if (e.key === 'k') setActive((a) => Math.max(0, a - 1));
          }}
        >
          <table>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.id} style={{ minWidth: c.width }}>
                    {t(c.header)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <PlainRow key={row.id} row={row} columns={columns} active={i === active} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}

function mountAgGrid(root: HTMLElement, columns: GridColumn<ModuleRow>[], rows: ModuleRow[], t: (k: string) => string) {
  ModuleRegistry.registerModules([AllCommunityModule]);
  root.innerHTML = '<main class="content"><section class="pane"><h1 class="pane-title">備品</h1><div class="bench-ag"></div></section></main>';
  const el = root.querySelector<HTMLElement>('.bench-ag')!;
  let api: GridApi<ModuleRow> | null = null;
  api = createGrid<ModuleRow>(el, {
    rowData: rows,
    getRowId: (p) => p.data.id,
    rowHeight: ROW_HEIGHT,
    headerHeight: ROW_HEIGHT + 1,
    columnDefs: columns.map((c) => ({ colId: c.id, headerName: t(c.header), width: c.width ?? 160, valueGetter: (p) => (p.data ? c.cell(p.data) : '') })),
    onFirstDataRendered: () => {
      const first = api?.getAllDisplayedColumns()[0];
      if (first) api?.setFocusedCell(0, first);
      ready();
    },
  });
  el.addEventListener(
    'keydown',
    (e) => {
      if (e.key !== 'j' || !api) return;
      e.preventDefault();
      e.stopPropagation();
      const at = api.getFocusedCell();
      if (!at) return;
      const next = Math.min(rows.length - 1, at.rowIndex + 1);
      api.ensureIndexVisible(next);
      api.setFocusedCell(next, at.column);
    },
    true,
  );
}

async function main() {
  const i18n = await setupI18n('ja-JP');
  // The modules' words, as the console has them before a pane shows (PaneMessages).
  await paneMessages(i18n);
  const t = i18n.getFixedT('ja-JP');
  const columns = benchColumns(t, 'ja-JP');
  const rows = benchRows(count);
  document.documentElement.dataset.impl = impl;
  const root = document.getElementById('root')!;
  if (impl === 'agGrid') return mountAgGrid(root, columns, rows, t);
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      {impl === 'plainTable' ? <PlainTable columns={columns} rows={rows} t={t} /> : <Ours columns={columns} rows={rows} />}
    </I18nextProvider>,
  );
}

main().catch((e: unknown) => (window.__error = String(e)));
