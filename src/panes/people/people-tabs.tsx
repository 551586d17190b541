// The people section's tab bar (spec 2.3: workforce, alumni, alerts,
// community, operation-activity, people-graph, rule-and-policy,
// salary-and-payment, settings), the workforce's menu and category tabs and
// the alumni's categories, each with its count under the other filters, and
// the active filters as removable chips.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALUMNI_CATEGORIES, MENU_PREFIX, PEOPLE_MENUS, type PeopleMenu, parseWorkforceCategory, statesOfMenu, type WorkerType } from '../../api/contracts/people-lifecycle.js';
import { countAlumni, countWorkforce, peopleFilterOptions } from '../../api/contracts/people.js';
import { placeSelect } from '../../api/contracts/pickers.js';
import { formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { type Chip, FilterChipList } from '../filter-chips.js';
import { ALUMNI_KEY, ALUMNI_PATH, recentLeaverQuery, WORKFORCE_KEY, WORKFORCE_PATH } from './people-store.js';

/** The spec's placeholder tabs of /people (their pages show an empty state). */
export const PEOPLE_PLACEHOLDER_TABS = ['alerts', 'community', 'operation-activity', 'people-graph', 'rule-and-policy', 'salary-and-payment'] as const;

/** Filters and free text of the URL, as the count calls take them (no category, paging or sort). */
export function filtersOf(search: Record<string, unknown>) {
  const { category: _c, pageIndex: _p, pageSize: _s, sortColumn: _k, sortOrder: _o, isLeavingDateWithIn_A_Month: _r, ...rest } = search;
  return rest;
}

export function PeopleTabs({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const link = (to: string, label: string, exact = true) => (
    <Link key={to} to={to} className="tab" activeOptions={{ exact, includeSearch: false }} activeProps={{ 'aria-current': 'page', className: 'tab active' }}>
      {label}
    </Link>
  );
  return (
    <>
      <nav className="tabbar" aria-label={t('people:sectionLabel')}>
        {link(WORKFORCE_PATH, t('routes:pages.workforce'))}
        {link(ALUMNI_PATH, t('routes:pages.alumni'))}
        {PEOPLE_PLACEHOLDER_TABS.map((tab) => link(`/people/${tab}`, t(`routes:pages.${tab}`)))}
        {link('/people/settings/employment-types', t('routes:pages.settings'), false)}
      </nav>
      {children}
    </>
  );
}

const tabClass = (active: boolean) => (active ? 'tab sub active' : 'tab sub');

/** Menus (Employee … All) and the menu's categories with counts. */
export function WorkforceTabs() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const menu = (search.menu as PeopleMenu | undefined) ?? 'Employee';
  const state = parseWorkforceCategory(menu, String(search.category ?? 'employee-all'));
  const filters = filtersOf(search);
  const counts = useQuery({
    queryKey: [WORKFORCE_KEY, 'counts', filters],
    queryFn: ({ signal }) => api(countWorkforce, { query: filters as never }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <nav className="tabbar" aria-label={t('people:categoryLabel')}>
      <span className="tab-group" role="group" aria-label={t('people:menuLabel')}>
        {PEOPLE_MENUS.map((m) => {
          // The same state in the other menu when it has one (collaborators: all and alumni).
          const next = (statesOfMenu(m) as readonly string[]).includes(state) ? state : 'all';
          return (
            <Link key={m} to="." search={((prev: Record<string, unknown>) => ({ ...prev, menu: m, category: `${MENU_PREFIX[m]}-${next}`, pageIndex: 0 })) as never} className={tabClass(m === menu)} aria-current={m === menu ? 'true' : undefined}>
              {t(`people:menu.${m}`)}
            </Link>
          );
        })}
      </span>
      <span className="tab-group" role="group" aria-label={t('people:categoryLabel')}>
        {statesOfMenu(menu).map((s) => {
          const key = `${MENU_PREFIX[menu]}-${s}`;
          return (
            <Link key={s} to="." search={((prev: Record<string, unknown>) => ({ ...prev, category: key, pageIndex: 0 })) as never} className={tabClass(s === state)} aria-current={s === state ? 'true' : undefined}>
              {t(`people:states.${s}`)}
              {counts.data && <span className="count mono"> {formatNumber(i18n.language, counts.data.counts[key] ?? 0)}</span>}
            </Link>
          );
        })}
      </span>
    </nav>
  );
}

/** The alumni categories with counts. */
export function AlumniTabs() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const current = (search.category as string | undefined) ?? 'all-alumni';
  const filters = { ...filtersOf(search), ...recentLeaverQuery(search.isLeavingDateWithIn_A_Month === true) };
  const counts = useQuery({
    queryKey: [ALUMNI_KEY, 'counts', filters],
    queryFn: ({ signal }) => api(countAlumni, { query: filters as never }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <nav className="tabbar" aria-label={t('people:categoryLabel')}>
      <span className="tab-group" role="group" aria-label={t('people:categoryLabel')}>
        {ALUMNI_CATEGORIES.map((c) => (
          <Link key={c} to="." search={((prev: Record<string, unknown>) => ({ ...prev, category: c, pageIndex: 0 })) as never} className={tabClass(c === current)} aria-current={c === current ? 'true' : undefined}>
            {t(`people:alumniCategories.${c}`)}
            {counts.data && <span className="count mono"> {formatNumber(i18n.language, counts.data.counts[c] ?? 0)}</span>}
          </Link>
        ))}
      </span>
    </nav>
  );
}

/** The id-in filters of the URL and their kinds. */
export const ID_FILTERS = [
  ['departmentIdIn', 'department'],
  ['positionIdIn', 'position'],
  ['jobTypeIdIn', 'jobType'],
  ['workerTypeIdIn', 'workerType'],
  ['placeIdIn', 'place'],
] as const;
export type IdFilterKey = (typeof ID_FILTERS)[number][0];

/** The active filters as chips, each removable (and the recent-leaver window on the alumni list). */
export function FilterChips({ alumni = false }: { alumni?: boolean }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const active = ID_FILTERS.flatMap(([key, kind]) => ((search[key] as string[] | undefined) ?? []).map((id) => ({ key, kind, id })));
  const recent = alumni && search.isLeavingDateWithIn_A_Month === true;
  const ids = (kind: string) => active.filter((a) => a.kind === kind).map((a) => a.id);
  const labels = useQuery({
    queryKey: [WORKFORCE_KEY, 'chips', active.map((a) => a.id)],
    enabled: active.some((a) => a.kind !== 'workerType'),
    queryFn: async ({ signal }) => {
      const out: Record<string, string> = {};
      const kinds = [['department', 'DEPARTMENT'], ['position', 'POSITION'], ['jobType', 'JOB_TYPE']] as const;
      for (const [kind, k] of kinds) {
        if (!ids(kind).length) continue;
        const r = await api(peopleFilterOptions, { query: { kind: k, ids: ids(kind), limit: 1 } }, { signal });
        for (const o of r.items) out[o.id] = o.name;
      }
      if (ids('place').length) {
        const r = await api(placeSelect, { query: { ids: ids('place'), limit: 1 } }, { signal });
        for (const o of r.items) out[o.id] = o.name;
      }
      return out;
    },
  });
  const remove = (patch: Record<string, unknown>) =>
    void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, ...patch, pageIndex: 0 })) as never, replace: true });
  const nameOf = (a: (typeof active)[number]) => (a.kind === 'workerType' ? t(`common:workerTypes.${a.id as WorkerType}`) : (labels.data?.[a.id] ?? '…'));
  const chips: Chip[] = active.map((a) => ({
    key: `${a.key}:${a.id}`,
    text: `${t(`people:filters.${a.kind}`)}: ${nameOf(a)}`,
    removeLabel: t('people:filters.remove', { name: nameOf(a) }),
    onRemove: () => remove({ [a.key]: ((search[a.key] as string[] | undefined) ?? []).filter((x) => x !== a.id) }),
  }));
  if (recent) {
    const name = t('people:filters.recentLeavers');
    chips.push({ key: 'recentLeavers', text: name, removeLabel: t('people:filters.remove', { name }), onRemove: () => remove({ isLeavingDateWithIn_A_Month: undefined }) });
  }
  return <FilterChipList label={t('people:filters.label')} chips={chips} />;
}
