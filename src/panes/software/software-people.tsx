// The software tab "people" (spec 2.6 "Software people"): people by worker
// type (menu) with the app accounts they hold, filtered by integration
// (appIntegrationIds) and free text, sorted by person. The category's state
// word tells current workers (active) from alumni; the people lifecycle
// states (joining, offered, …), places and contract types arrive with the
// people module, so the list offers no filter for them yet (their URL
// parameters are validated and kept). Enter opens the person's apps.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PEOPLE_MENUS, type SoftwarePersonRow, listIntegrations, listSoftwarePeople } from '../../api/contracts/software.js';
import { formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { FilterChipList } from '../filter-chips.js';
import { INTEGRATION_KEY } from './integration-frame.js';
import { SoftwareTabs } from './software-tabs.js';
import { personAppsHref } from './integration-users.js';

export const SOFTWARE_PEOPLE_STATES = ['all', 'active', 'alumni'] as const;

function Tabs() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const menu = (search.menu as string | undefined) ?? 'Employee';
  const state = String(search.category ?? 'employee-all').split('-').slice(1).join('-') || 'all';
  const ids = (search.appIntegrationIds as string[] | undefined) ?? [];
  const names = useQuery({
    queryKey: [INTEGRATION_KEY, 'names'],
    queryFn: ({ signal }) => api(listIntegrations, { query: { status: 'ALL', pageSize: 1000 } as never }, { signal }),
    enabled: ids.length > 0,
  });
  const nameOf = (id: string) => names.data?.items.find((i) => i.appIntegrationId === id)?.appName ?? id;
  const prefix = menu.toLowerCase();
  return (
    <>
      <SoftwareTabs>
        <span className="tab-group" role="group" aria-label={t('integrations:people.menuLabel')}>
          {PEOPLE_MENUS.map((m) => (
            <Link
              key={m}
              to="."
              search={((prev: Record<string, unknown>) => ({ ...prev, menu: m, category: `${m.toLowerCase()}-${state}`, pageIndex: 0 })) as never}
              className={m === menu ? 'tab sub active' : 'tab sub'}
              aria-current={m === menu ? 'true' : undefined}
            >
              {t(`integrations:people.menu.${m}`)}
            </Link>
          ))}
        </span>
        <span className="tab-group" role="group" aria-label={t('integrations:people.stateLabel')}>
          {SOFTWARE_PEOPLE_STATES.map((s) => (
            <Link
              key={s}
              to="."
              search={((prev: Record<string, unknown>) => ({ ...prev, category: `${prefix}-${s}`, pageIndex: 0 })) as never}
              className={s === state ? 'tab sub active' : 'tab sub'}
              aria-current={s === state ? 'true' : undefined}
            >
              {t(`integrations:people.state.${s}`)}
            </Link>
          ))}
        </span>
      </SoftwareTabs>
      <FilterChipList
        label={t('integrations:people.filters')}
        chips={ids.map((id) => ({
          key: id,
          text: nameOf(id),
          removeLabel: t('integrations:people.removeFilter', { name: nameOf(id) }),
          onRemove: () => void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, appIntegrationIds: ids.filter((x) => x !== id), pageIndex: 0 })) as never, replace: true }),
        }))}
      />
    </>
  );
}

export function SoftwarePeoplePane() {
  const { t, i18n } = useTranslation();
  const def = useMemo<ListDef<SoftwarePersonRow>>(
    () => ({
      id: 'software-people',
      title: 'integrations:people.title',
      contract: listSoftwarePeople as never,
      items: (r: { items: SoftwarePersonRow[]; count: number }) => r,
      keys: { sort: 'sortColumn', direction: 'sortOrder', filter: 'freeText' },
      getRowId: (r) => r.personId,
      href: (r) => personAppsHref(r.personId),
      scope: 'pane:software-people',
      tabs: <Tabs />,
      columns: [
        {
          id: 'person',
          header: 'integrations:columns.person',
          width: 200,
          sortColumn: 'PERSON',
          cell: (r) => (
            <>
              {r.personName}
              {r.isAlumni && <span className="badge">{t('integrations:alumni')}</span>}
            </>
          ),
        },
        { id: 'workerType', header: 'integrations:people.workerType', width: 120, cell: (r) => (r.workerType ? t(`common:workerTypes.${r.workerType}`) : '—') },
        { id: 'email', header: 'integrations:columns.email', width: 230, cell: (r) => r.workerEmail ?? '—' },
        { id: 'accounts', header: 'integrations:accounts', width: 100, cell: (r) => <span className="mono">{formatNumber(i18n.language, r.activeAccountCount)} / {formatNumber(i18n.language, r.accountCount)}</span> },
        { id: 'apps', header: 'integrations:people.apps', width: 420, cell: (r) => r.apps.map((a) => (a.isActive ? a.appName : `${a.appName} (${t('integrations:accountDeactivated')})`)).join(', ') || '—' },
      ],
    }),
    [t, i18n.language],
  );
  return <ListPane def={def} />;
}
