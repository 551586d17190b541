// /organization/{id} (spec 2.3): a unit on the URL's baseDate — its place in
// the chart (ancestors), code, validity, member counts, sub-units, its
// members (a ListPane over GET …/units/{id}/members with the URL's filters
// positionId / jobTypeId / employmentTypeId (their names ride along for the
// chips) and text) and its dated history. Enter opens a member's person,
// Shift+Enter beside the unit. /organization/{id}/settings changes the unit
// from a date (a new dated version; the days before keep theirs).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getChart, getUnit, listUnitMembers, type UnitDetail, type UnitMember, type UnitVersion, updateUnit } from '../../api/contracts/organization.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDate, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import type { GridColumn } from '../../tables/data-grid.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { PlainTable } from '../../tables/plain-table.js';
import { useDialogs } from '../dialogs.js';
import { FilterChipList } from '../filter-chips.js';
import { FormActions, FormErrorLine, FormField, useFormSubmit } from '../form.js';
import { PanePathContext, usePaneParams } from '../pane-path.js';
import { CHART_KEY, unitHref } from './chart.js';
import { BaseDateField, baseDateParam, dateNote, useSetSearch } from './controls.js';
import { parseDateInput } from './dates.js';
import { orgForm } from './org-store.js';
import { invalidDate, OrgFormPane, subtreeOf, UnitFields, type UnitValues, unitBody } from './unit-form.js';
import { todayInJapan } from '../../api/contracts/dates.js';

export const UNIT_KEY = 'org-unit';
export const MEMBERS_KEY = 'org-unit-members';

/** The baseDate of the pane: the URL's in the main pane, the href's in the side pane. */
function usePaneBaseDate(): string | undefined {
  const side = useContext(PanePathContext);
  const search = useSearch({ strict: false }) as { baseDate?: string };
  if (side) return new URLSearchParams(side.split('?')[1] ?? '').get('baseDate') ?? undefined;
  return search.baseDate;
}

export function useUnit(id: string, baseDate: string | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: [UNIT_KEY, id, baseDate ?? null],
    queryFn: ({ signal }) => api(getUnit, { params: { id }, query: baseDate ? { baseDate } : {} }, { signal }),
    enabled: !!id,
    retry: false,
  });
}

function validity(t: (k: string, o?: Record<string, unknown>) => string, lang: string, v: Pick<UnitVersion, 'validFrom' | 'validTo'>) {
  return v.validTo
    ? t('organization:unit.range', { from: formatDate(lang, v.validFrom), to: formatDate(lang, v.validTo) })
    : t('organization:unit.since', { from: formatDate(lang, v.validFrom) });
}

export function VersionsTable({ unit }: { unit: UnitDetail }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="settings-section" aria-labelledby="org-versions-title">
      <h2 id="org-versions-title">{t('organization:unit.versions')}</h2>
      <PlainTable
        className="plain-table"
        rows={unit.versions}
        rowKey={(v) => v.id}
        rowProps={(v) => ({ 'aria-current': unit.current?.id === v.id ? 'true' : undefined })}
        columns={[
          { header: t('organization:columns.period'), className: 'mono', cell: (v) => validity(t, i18n.language, v) },
          { header: t('organization:columns.unitName'), cell: (v) => v.name },
          { header: t('organization:columns.parent'), cell: (v) => v.parentName ?? t('organization:unit.top') },
          { header: t('organization:columns.displayOrder'), className: 'mono', cell: (v) => v.displayOrder },
        ]}
      />
    </section>
  );
}

const FILTERS = [
  { id: 'positionId', name: 'positionName', label: 'organization:unit.filterPosition' },
  { id: 'jobTypeId', name: 'jobTypeName', label: 'organization:unit.filterJobType' },
  { id: 'employmentTypeId', name: 'employmentTypeName', label: 'organization:unit.filterEmploymentType' },
] as const;

/** The member filters of the URL (position, job type, employment type) as removable chips. */
function FilterChips() {
  const { t } = useTranslation();
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as Record<string, string | undefined>;
  const chips = FILTERS.filter((f) => search[f.id]).map((f) => {
    const label = t(f.label, { name: search[f.name] ?? search[f.id] });
    return { key: f.id, text: label, removeLabel: t('organization:unit.removeFilter', { name: label }), onRemove: () => setSearch({ [f.id]: undefined, [f.name]: undefined, pageIndex: 0 }) };
  });
  return <FilterChipList label={t('organization:unit.filters')} chips={chips} />;
}

function Members({ id, side }: { id: string; side: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language;
  const def = useMemo<ListDef<UnitMember>>(() => {
    const dash = '—';
    const columns: GridColumn<UnitMember>[] = [
      { id: 'name', header: 'organization:columns.name', width: 180, sortColumn: 'NAME', cell: (r) => r.name },
      { id: 'workerNumber', header: 'organization:columns.workerNumber', width: 110, sortColumn: 'WORKER_NUMBER', cell: (r) => <span className="mono">{r.workerNumber ?? dash}</span> },
      { id: 'position', header: 'organization:columns.position', width: 130, sortColumn: 'POSITION', cell: (r) => r.positionName ?? dash },
      { id: 'employmentType', header: 'organization:columns.employmentType', width: 130, sortColumn: 'EMPLOYMENT_TYPE', cell: (r) => r.employmentTypeName ?? dash },
      { id: 'jobTypes', header: 'organization:columns.jobTypes', width: 160, cell: (r) => r.jobTypes.map((j) => j.name).join(', ') || dash },
      { id: 'stage', header: 'organization:columns.stage', width: 110, cell: (r) => t(`common:stages.${r.stage}`) },
      { id: 'post', header: 'organization:columns.post', width: 90, cell: (r) => t(r.isPrimary ? 'organization:post.primary' : 'organization:post.concurrent') },
      { id: 'assignedFrom', header: 'organization:columns.assignedFrom', width: 130, sortColumn: 'ASSIGNED_FROM', cell: (r) => <span className="mono">{formatDate(lang, r.assignedFrom)}</span> },
    ];
    return {
      id: MEMBERS_KEY,
      title: 'organization:unit.members',
      contract: listUnitMembers as never,
      params: { id },
      items: (r: { items: UnitMember[]; count: number }) => r,
      keys: { sort: 'sortColumn', direction: 'orderDirection', filter: side ? undefined : 'text' },
      getRowId: (r) => r.id,
      href: (r) => `/person/${r.personId}/personal-information`,
      open: (r) => void navigate({ href: `/person/${r.personId}` }),
      columns,
      tabs: side ? undefined : <FilterChips />,
      embedded: true,
    } as ListDef<UnitMember>;
  }, [id, side, t, lang, navigate]);
  return <ListPane def={def} />;
}

export function UnitPane() {
  const { t, i18n } = useTranslation();
  const { id = '' } = usePaneParams('/organization/$id');
  const side = useContext(PanePathContext) !== null;
  const baseDate = usePaneBaseDate();
  const setSearch = useSetSearch();
  const unit = useUnit(id, baseDate);
  const lang = i18n.language;
  const u = unit.data;
  const today = u?.today ?? todayInJapan();
  const date = baseDate ?? today;
  const last = u?.versions[u.versions.length - 1];
  const name = u?.current?.name ?? last?.name ?? '';
  const titleId = side ? 'side-pane-title' : 'pane-title';
  const link = (to: string) => ({ to: `/organization/${to}`, search: (baseDate ? { baseDate } : {}) as never });

  if (unit.isError) {
    return (
      <section className="pane" aria-labelledby={titleId}>
        <h1 id={titleId} className="pane-title">
          {t('routes:sections.organization')} › {t('routes:pages.unit')}
        </h1>
        <p className="empty-state">{t('organization:unit.notFound')}</p>
      </section>
    );
  }
  return (
    <section className="pane" aria-labelledby={titleId} data-scope="pane:org-unit">
      <div data-scope="pane:org-date">
        <nav className="breadcrumb org-path" aria-label={t('organization:unit.parent')}>
          <ol>
            <li>
              <Link to="/organization/chart" search={(baseDate ? { baseDate } : {}) as never}>
                {t('routes:pages.chart')}
              </Link>
            </li>
            {u?.path.map((p) => (
              <li key={p.id}>
                <Link {...link(p.id)}>{p.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <h1 id={titleId} className="pane-title">
          {name || t('routes:pages.unit')}
        </h1>
        {!u ? (
          <p className="pending" role="status">
            {t('organization:unit.loading')}
          </p>
        ) : (
          <>
            <dl className="facts">
              <dt>{t('organization:unit.code')}</dt>
              <dd className="mono">{u.code ?? t('organization:unit.none')}</dd>
              <dt>{t('organization:unit.validity')}</dt>
              <dd className="mono">{u.current ? validity(t, lang, u.current) : t('organization:unit.none')}</dd>
              <dt>{t('organization:unit.members')}</dt>
              <dd>{t('organization:unit.memberCount', { count: formatNumber(lang, u.memberCount), total: formatNumber(lang, u.totalMemberCount) })}</dd>
            </dl>
            {!side && (
              <div className="list-toolbar org-toolbar">
                <BaseDateField value={date} onChange={(d) => setSearch({ baseDate: baseDateParam(d, today), pageIndex: 0 })} />
                <span className="toolbar-actions">
                  <CommandButton id="organization.prevMonth" />
                  <CommandButton id="organization.today" />
                  <CommandButton id="organization.nextMonth" />
                  <CommandButton id="organization.unit.settings" />
                  <CommandButton id="organization.unit.filterPosition" />
                  <CommandButton id="organization.unit.filterJobType" />
                  <CommandButton id="organization.unit.filterEmploymentType" />
                </span>
              </div>
            )}
            <p className="org-note" role="status">
              {u.current ? dateNote(t, date, today, formatDate(lang, date)) : t('organization:unit.notOnDate', { date: formatDate(lang, date) })}
            </p>
            {u.current && (
              <section aria-labelledby="org-children-title">
                <h2 id="org-children-title" className="pane-title">
                  {t('organization:unit.children')}
                </h2>
                {u.children.length ? (
                  <ul className="org-children">
                    {u.children.map((c) => (
                      <li key={c.id}>
                        <Link {...link(c.id)}>{c.name}</Link> <span className="muted">{t('organization:chart.members', { count: c.memberCount })}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="empty-state">{t('organization:unit.noChildren')}</p>
                )}
              </section>
            )}
            {u.current && (
              <section aria-labelledby="org-members-title">
                <h2 id="org-members-title" className="pane-title">
                  {t('organization:unit.members')}
                </h2>
                <Members id={id} side={side} />
              </section>
            )}
            <VersionsTable unit={u} />
          </>
        )}
      </div>
    </section>
  );
}

// ── Settings ────────────────────────────────────────────────────────────────
type Values = UnitValues & { validFrom: string };

export function UnitSettingsPane() {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = '' } = usePaneParams('/organization/$id/settings');
  const titleId = useContext(PanePathContext) ? 'side-pane-title' : 'pane-title';
  const [values, setValues] = useState<Values | null>(null);
  const validDate = values ? parseDateInput(values.validFrom) : null;
  const at = useUnit(id, validDate ?? undefined);
  const chart = useQuery({
    queryKey: [CHART_KEY, validDate],
    enabled: !!validDate,
    queryFn: ({ signal }) => api(getChart, { query: { baseDate: validDate! } }, { signal }),
  });
  const first = useUnit(id, undefined);
  const nameRef = useRef<HTMLInputElement>(null);

  // The form starts from today's version (or the unit's first day, for a unit not yet in force).
  useEffect(() => {
    const u = first.data;
    if (values || !u) return;
    const v = u.current ?? u.versions.find((x) => x.validFrom > u.today) ?? u.versions[u.versions.length - 1];
    if (!v) return;
    setValues({ validFrom: u.current ? u.today : v.validFrom, name: v.name, code: u.code ?? '', parentUnitId: v.parentUnitId ?? '', displayOrder: String(v.displayOrder) });
  }, [first.data, values]);
  useEffect(() => {
    if (values) nameRef.current?.focus();
  }, [values === null]);

  const excluded = useMemo(() => subtreeOf(id, chart.data?.units ?? []), [id, chart.data]);
  const set = (k: keyof Values, v: string) => setValues((cur) => (cur ? { ...cur, [k]: v } : cur));

  const { error, pending, submit } = useFormSubmit(orgForm, async (setError) => {
    if (!values) return;
    const validFrom = parseDateInput(values.validFrom);
    if (!validFrom) return setError(invalidDate(t, 'validFrom'));
    const r = await api(updateUnit, { params: { id }, body: { validFrom, ...unitBody(values), code: values.code.trim() || null } });
    setError(null);
    await Promise.all([UNIT_KEY, CHART_KEY, 'org-plan'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })));
    dialogs.toast({ description: t('organization:settings.saved', { name: r.current?.name ?? values.name, date: validFrom }) });
    void navigate({ href: unitHref(id, validFrom === r.today ? undefined : validFrom) });
  });
  const u = at.data ?? first.data;
  const name = u?.current?.name ?? u?.versions[u.versions.length - 1]?.name ?? '';

  return (
    <OrgFormPane
      titleId={titleId}
      title={
        <>
          {t('routes:pages.unit-settings')}
          {name && ` › ${name}`}
        </>
      }
      missing={first.isError && t('organization:settings.notFound')}
      loading={!values}
    >
      {values && (
        <>
          <p className="muted">{t('organization:settings.intro')}</p>
          <form className="record-form" onSubmit={submit} noValidate>
            <FormErrorLine error={error} />
            <div className="form-grid">
              <FormField label={t('organization:settings.validFrom')} required hint="YYYY-MM-DD" error={error?.fields.validFrom}>
                {(p) => <input {...p} type="text" inputMode="numeric" value={values.validFrom} onChange={(e) => set('validFrom', e.target.value)} />}
              </FormField>
              <UnitFields ns="organization:settings" values={values} set={set} error={error} nameRef={nameRef} units={chart.data?.units ?? []} excluded={excluded} />
            </div>
            <FormActions cancelLabel={t('organization:settings.cancel')} onCancel={() => void navigate({ href: unitHref(id) })} saveLabel={t('organization:settings.save')} pending={pending} />
          </form>
          {u && <VersionsTable unit={u} />}
        </>
      )}
    </OrgFormPane>
  );
}
