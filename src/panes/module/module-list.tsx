// A module's list page, from its definition: the tab bar (its pages, the
// category tabs with counts, the spec's placeholder tabs), the filter chips
// of the id-in filters, the command buttons, the grid, and for lists without
// a record page, the editor dialog.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { moduleContracts, type ModuleRow } from '../../api/modules/contracts.js';
import type { ModuleDef } from '../../api/modules/define.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { Modal } from '../dialogs.js';
import { FilterChipList } from '../filter-chips.js';
import { closeEditor, openEditor, useEditor } from './editor-store.js';
import { fieldLabel, gridColumns, refOptions } from './fields.js';
import { RecordForm } from './record-form.js';

export const recordHref = (m: ModuleDef, id: string) => (m.paths.record ? m.paths.record.replace('$id', id) : m.paths.list);

function Tabs({ m }: { m: ModuleDef }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const c = moduleContracts(m);
  const cat = m.list.categories;
  const { [cat?.key ?? '']: _current, pageIndex: _p, pageSize: _s, sortColumn: _c, [m.list.directionKey ?? 'orderDirection']: _d, ...filters } = search;
  const counts = useQuery({
    queryKey: [m.id, 'count', filters],
    queryFn: ({ signal }) => api(c.count!, { query: filters as never }, { signal }),
    enabled: !!c.count,
  });
  const links = m.list.linkTabs ?? [];
  return (
    <nav className="tabbar" aria-label={t(`${m.id}:title`)}>
      {links.map((l) => (
        <Link key={l.path} to={l.path} className="tab" activeOptions={{ exact: true, includeSearch: false }} activeProps={{ 'aria-current': 'page', className: 'tab active' }}>
          {t(l.label)}
        </Link>
      ))}
      {cat && (
        <span className="tab-group" role="group" aria-label={t('module.categories')}>
          {Object.keys(cat.values).map((value) => {
            const active = (search[cat.key] ?? Object.keys(cat.values)[0]) === value;
            return (
              <Link
                key={value}
                to="."
                search={((prev: Record<string, unknown>) => ({ ...prev, [cat.key]: value, pageIndex: 0 })) as never}
                className={active ? 'tab sub active' : 'tab sub'}
                aria-current={active ? 'true' : undefined}
              >
                {t(`${m.id}:categories.${value}`)}
                {counts.data && <span className="count mono"> {formatNumber(i18n.language, counts.data.counts[value] ?? 0)}</span>}
              </Link>
            );
          })}
        </span>
      )}
      {(m.list.placeholderTabs ?? []).map((tab) => (
        <Link key={tab} to={`${m.paths.list}/${tab}`} className="tab">
          {t(`routes:pages.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}

/** The active id-in filters as removable chips, each naming its row. */
function FilterChips({ m }: { m: ModuleDef }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const active = Object.entries(m.list.idFilters ?? {}).flatMap(([key, field]) => ((search[key] as string[] | undefined) ?? []).map((id) => ({ key, field, id })));
  const labels = useQuery({
    queryKey: [m.id, 'chips', active.map((a) => a.id)],
    enabled: active.length > 0,
    queryFn: async ({ signal }) => {
      const out: Record<string, string> = {};
      for (const a of active) {
        const f = m.fields[a.field];
        if (f?.kind !== 'ref') continue;
        const options = await refOptions(api, f.to, '', signal, [a.id]);
        out[a.id] = options.find((o) => o.value === a.id)?.label ?? a.id;
      }
      return out;
    },
  });
  return (
    <FilterChipList
      label={t('module.activeFilters')}
      chips={active.map((a) => ({
        key: `${a.key}:${a.id}`,
        text: `${fieldLabel(t, m, a.field)}: ${labels.data?.[a.id] ?? '…'}`,
        removeLabel: t('module.removeFilter', { name: labels.data?.[a.id] ?? a.id }),
        onRemove: () =>
          void navigate({
            to: '.',
            search: ((prev: Record<string, unknown>) => ({ ...prev, [a.key]: ((prev[a.key] as string[]) ?? []).filter((x) => x !== a.id), pageIndex: 0 })) as never,
            replace: true,
          }),
      }))}
    />
  );
}

function EditorDialog({ m }: { m: ModuleDef }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const target = useEditor();
  const open = target?.module === m.id;
  const row = useQuery({
    queryKey: [m.id, 'get', target?.rowId],
    enabled: open && !!target?.rowId,
    queryFn: ({ signal }) => api(moduleContracts(m).get, { params: { [m.api.idParam]: target?.rowId } as never }, { signal }),
  });
  if (!open || (target.rowId && !row.data)) return null;
  return (
    <Modal labelledBy="editor-title" onCancel={closeEditor}>
      <h2 id="editor-title">
        {t(`${m.id}:title`)} — {target.rowId ? t('commands:module.edit') : t('commands:module.add')}
      </h2>
      <RecordForm m={m} row={target.rowId ? (row.data ?? null) : null} onSaved={closeEditor} onCancel={closeEditor} />
    </Modal>
  );
}

export function ModuleListPane({ m }: { m: ModuleDef }) {
  const { t, i18n } = useTranslation();
  const c = moduleContracts(m);
  const def = useMemo<ListDef<ModuleRow>>(
    () => ({
      id: m.id,
      title: `${m.id}:title`,
      contract: c.list as never,
      items: (r: { items: ModuleRow[]; count: number }) => r,
      columns: gridColumns(t, i18n.language, m),
      getRowId: (r) => r.id,
      href: (r) => recordHref(m, r.id),
      ...(m.paths.record ? {} : { open: (r: ModuleRow) => openEditor({ module: m.id, rowId: r.id }) }),
      keys: { sort: 'sortColumn', direction: m.list.directionKey ?? 'orderDirection', filter: 'freeText' },
      scope: `pane:${m.id}`,
      tabs: <Tabs m={m} />,
      toolbar: (
        <>
          <FilterChips m={m} />
          <span className="toolbar-actions">
            <CommandButton id={`${m.id}.add`} />
            {c.csvExport && <CommandButton id={`${m.id}.export`} />}
            {m.paths.importCsv && <CommandButton id={`${m.id}.import`} />}
            {(m.bulk ?? []).map((b) => (
              <CommandButton key={b.id} id={`${m.id}.bulk.${b.id}`} />
            ))}
            {m.disableable && <CommandButton id={`${m.id}.disable`} />}
            {m.disableable && <CommandButton id={`${m.id}.enable`} />}
          </span>
        </>
      ),
    }),
    [m, c, t, i18n.language],
  );
  return (
    <>
      <ListPane def={def} />
      <EditorDialog m={m} />
    </>
  );
}
