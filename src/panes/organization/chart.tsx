// /organization/chart (spec 2.3, 4): the chart as it was, is or will be on
// the URL's baseDate, drawn from dated units and memberships
// (GET /v2/organization/chart), as a hierarchy of boxes or an indented tree,
// compact or not. Each unit shows its code and members (its own, and with
// its sub-units). The tree has the keyboard (arrows, Home/End, Enter opens
// /organization/{id} at the same date, Shift+Enter beside the chart).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartUnit, getChart, type ViewMode } from '../../api/contracts/organization.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDate, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { setLayout } from '../layout.js';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { BaseDateField, baseDateParam, dateNote, useSetSearch, ViewControls } from './controls.js';
import { OrgTree, type TreeNode, useFocusTreeOnce } from './org-tree.js';
import { todayInJapan } from '../../api/contracts/dates.js';

export const CHART_KEY = 'org-chart';

export const unitHref = (id: string, baseDate?: string) => `/organization/${id}${baseDate ? `?baseDate=${baseDate}` : ''}`;

/** Members of each unit with all its sub-units. */
export function totals(units: readonly Pick<ChartUnit, 'id' | 'parentUnitId' | 'memberCount'>[]): Map<string, number> {
  const children = new Map<string, string[]>();
  for (const u of units) if (u.parentUnitId) children.set(u.parentUnitId, [...(children.get(u.parentUnitId) ?? []), u.id]);
  const own = new Map(units.map((u) => [u.id, u.memberCount]));
  const out = new Map<string, number>();
  const total = (id: string, seen: Set<string>): number => {
    if (out.has(id)) return out.get(id)!;
    if (seen.has(id)) return 0;
    seen.add(id);
    const n = (own.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, c) => sum + total(c, seen), 0);
    out.set(id, n);
    return n;
  };
  for (const u of units) total(u.id, new Set());
  return out;
}

export function ChartPane() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as { baseDate?: string; viewMode?: ViewMode; isCompactView?: boolean };
  const chart = useQuery({
    queryKey: [CHART_KEY, search.baseDate ?? null],
    queryFn: ({ signal }) => api(getChart, { query: search.baseDate ? { baseDate: search.baseDate } : {} }, { signal }),
    placeholderData: keepPreviousData,
  });
  const today = chart.data?.today ?? todayInJapan();
  const date = search.baseDate ?? today;
  const viewMode = search.viewMode ?? 'hierarchy';
  const compact = search.isCompactView ?? false;
  const lang = i18n.language;

  const nodes = useMemo<TreeNode[]>(() => {
    const units = chart.data?.units ?? [];
    const all = totals(units);
    return units.map((u) => ({
      id: u.id,
      parentId: u.parentUnitId,
      name: u.name,
      detail: t('organization:chart.members', { count: u.memberCount, formatted: formatNumber(lang, u.memberCount) }),
      extra: (
        <>
          {u.code && <span className="mono">{u.code} · </span>}
          {t('organization:chart.total', { count: all.get(u.id) ?? 0 })}
        </>
      ),
    }));
  }, [chart.data, t, lang]);

  useFocusTreeOnce('chart', nodes.length > 0);

  const units = chart.data?.units.length ?? 0;
  return (
    <section className="pane" aria-labelledby="pane-title" data-scope="pane:org-date">
      <div data-scope="pane:org-view">
        <h1 id="pane-title" className="pane-title">
          {t('routes:sections.organization')} › {t('routes:pages.chart')}
        </h1>
        <div className="list-toolbar org-toolbar">
          <BaseDateField value={date} onChange={(d) => setSearch({ baseDate: baseDateParam(d, today) })} />
          <span className="toolbar-actions">
            <CommandButton id="organization.prevMonth" />
            <CommandButton id="organization.today" />
            <CommandButton id="organization.nextMonth" />
          </span>
          <ViewControls viewMode={viewMode} compact={compact} />
        </div>
        <p className="org-note" role="status">
          {chart.data
            ? `${t('organization:chart.summary', { date: formatDate(lang, date), units: formatNumber(lang, units), members: formatNumber(lang, chart.data.memberCount) })} — ${dateNote(t, date, today, formatDate(lang, date))}`
            : t('organization:unit.loading')}
        </p>
        {chart.isError && (
          <p className="form-error" role="alert">
            {String((chart.error as { body?: { message?: string } }).body?.message ?? chart.error)}
          </p>
        )}
        {chart.data && !units ? (
          <div className="empty-state">
            <p>{t('organization:chart.empty')}</p>
            <p>{t('organization:chart.emptyHint')}</p>
          </div>
        ) : (
          <OrgTree
            treeKey="chart"
            nodes={nodes}
            label={t('organization:chart.treeLabel', { date: formatDate(lang, date) })}
            viewMode={viewMode}
            compact={compact}
            onOpen={(id) => void navigate({ href: unitHref(id, search.baseDate) })}
            onOpenSide={(id) => setLayout({ side: unitHref(id, search.baseDate) })}
          />
        )}
      </div>
    </section>
  );
}
