// The workforce and alumni lists (spec 2.3, 2.6, 3): ListPanes under the
// people tab bar, with menus and categories (counts), filter chips, command
// buttons and the spec's columns. Enter opens the person's profile,
// Shift+Enter beside the list; `a` (or a row's ⋯ button) opens the row's
// actions, every command whose id starts with `people.row.` (the commands
// of src/commands/people.commands.ts and the profile's lifecycle ones).
import { useSearch } from '@tanstack/react-router';
import { useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlumnusRow, listAlumni, listWorkforce, type Named, type PersonRow } from '../../api/contracts/people.js';
import { CommandButton, CommandsContext } from '../../commands/command-button.js';
import { openRowMenu } from '../../commands/people.commands.js';
import { formatDate, formatNumber } from '../../format.js';
import type { GridColumn } from '../../tables/data-grid.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { AlumniTabs, FilterChips, PeopleTabs, WorkforceTabs } from './people-tabs.js';
import { ALUMNI_KEY, ALUMNI_SCOPE, personHref, recentLeaverQuery, setRegistry, targetOf, WORKFORCE_KEY, WORKFORCE_SCOPE } from './people-store.js';

const dash = '—';
const names = (list: readonly Named[]) => (list.length ? list.map((x) => x.name).join(', ') : dash);

/** The ⋯ of a row: its actions menu, for the mouse (keys: `a` on the row under the cursor). */
function RowActionsButton({ row, alumni }: { row: PersonRow | AlumnusRow; alumni: boolean }) {
  const { t } = useTranslation();
  const value = useContext(CommandsContext);
  const target = targetOf(row, alumni);
  if (!value || !target) return null;
  return (
    <button type="button" className="link" tabIndex={-1} aria-label={t('people:rowActions', { name: row.name })} onClick={() => void openRowMenu(value.ctx, value.commands, target)}>
      ⋯
    </button>
  );
}

function devicesCell(t: (k: string, o?: Record<string, unknown>) => string, devices: readonly Named[]) {
  if (!devices.length) return dash;
  return (
    <span title={devices.map((d) => d.name).join('\n')}>
      {t('people:deviceCount', { count: devices.length })} · {devices.map((d) => d.name).join(', ')}
    </span>
  );
}

function workforceColumns(t: (k: string, o?: Record<string, unknown>) => string, locale: string): GridColumn<PersonRow>[] {
  const date = (v: string | null) => <span className="mono">{v ? formatDate(locale, v) : dash}</span>;
  return [
    {
      id: 'person',
      header: 'people:columns.person',
      width: 200,
      sortColumn: 'PERSON',
      cell: (r) => (
        <>
          {r.name}
          {r.workers[0]?.stage && r.workers[0].stage !== 'ACTIVE' && <span className="badge">{t(`common:stages.${r.workers[0].stage}`)}</span>}
        </>
      ),
    },
    { id: 'workerType', header: 'people:columns.workerType', width: 130, sortColumn: 'WORKER_TYPE', cell: (r) => r.workerTypes.map((w) => t(`common:workerTypes.${w}`)).join(', ') || dash },
    { id: 'departments', header: 'people:columns.departments', width: 180, cell: (r) => names(r.departments) },
    { id: 'positions', header: 'people:columns.positions', width: 110, cell: (r) => names(r.positions) },
    { id: 'jobTitle', header: 'people:columns.jobTitle', width: 150, cell: (r) => r.jobTitle?.name ?? dash },
    { id: 'jobGrade', header: 'people:columns.jobGrade', width: 90, cell: (r) => r.jobGrade?.name ?? dash },
    { id: 'jobCompetency', header: 'people:columns.jobCompetency', width: 150, cell: (r) => r.jobCompetency?.name ?? dash },
    { id: 'jobTypes', header: 'people:columns.jobTypes', width: 170, cell: (r) => names(r.jobTypes) },
    { id: 'places', header: 'people:columns.places', width: 150, cell: (r) => names(r.places) },
    { id: 'joinedOn', header: 'people:columns.joinedOn', width: 120, sortColumn: 'JOINED_ON', cell: (r) => date(r.joinedOn) },
    { id: 'leftOn', header: 'people:columns.leftOn', width: 120, sortColumn: 'LEFT_ON', cell: (r) => date(r.leftOn) },
    {
      id: 'contractDates',
      header: 'people:columns.contractDates',
      width: 210,
      cell: (r) => (r.contractStartOn || r.contractEndOn ? <span className="mono">{`${formatDate(locale, r.contractStartOn) || dash} – ${formatDate(locale, r.contractEndOn) || dash}`}</span> : dash),
    },
    { id: 'devices', header: 'people:columns.devices', width: 200, cell: (r) => devicesCell(t, r.devices) },
    { id: 'apps', header: 'people:columns.apps', width: 70, cell: (r) => <span className="mono">{formatNumber(locale, r.appCount)}</span> },
    { id: 'actions', header: 'people:columns.actions', width: 70, cell: (r) => <RowActionsButton row={r} alumni={false} /> },
  ];
}

function alumniColumns(t: (k: string, o?: Record<string, unknown>) => string, locale: string): GridColumn<AlumnusRow>[] {
  const date = (v: string | null) => <span className="mono">{v ? formatDate(locale, v) : dash}</span>;
  return [
    { id: 'leavingDate', header: 'people:columns.leavingDate', width: 120, sortColumn: 'LEAVING_DATE', cell: (r) => date(r.leavingDate) },
    { id: 'person', header: 'people:columns.person', width: 180, sortColumn: 'PERSON', cell: (r) => r.name },
    { id: 'personalContact', header: 'people:columns.personalContact', width: 260, cell: (r) => [r.personalEmail, r.personalPhone].filter(Boolean).join(' / ') || dash },
    { id: 'lastWorkerType', header: 'people:columns.lastWorkerType', width: 130, cell: (r) => t(`common:workerTypes.${r.lastWorkerType}`) },
    { id: 'lastJobTypes', header: 'people:columns.lastJobTypes', width: 160, cell: (r) => names(r.lastJobTypes) },
    { id: 'departments', header: 'people:columns.departments', width: 170, cell: (r) => names(r.departments) },
    { id: 'positions', header: 'people:columns.positions', width: 110, cell: (r) => names(r.positions) },
    { id: 'places', header: 'people:columns.places', width: 150, cell: (r) => names(r.places) },
    { id: 'joiningDate', header: 'people:columns.joiningDate', width: 120, sortColumn: 'JOINING_DATE', cell: (r) => date(r.joiningDate) },
    { id: 'contractStartDate', header: 'people:columns.contractStartDate', width: 130, cell: (r) => date(r.contractStartDate) },
    { id: 'startingDate', header: 'people:columns.startingDate', width: 120, cell: (r) => date(r.startingDate) },
    { id: 'devices', header: 'people:columns.devices', width: 200, cell: (r) => devicesCell(t, r.devices) },
    { id: 'apps', header: 'people:columns.apps', width: 70, cell: (r) => <span className="mono">{formatNumber(locale, r.appCount)}</span> },
    { id: 'actions', header: 'people:columns.actions', width: 70, cell: (r) => <RowActionsButton row={r} alumni /> },
  ];
}

function Toolbar({ alumni }: { alumni: boolean }) {
  const value = useContext(CommandsContext);
  useEffect(() => {
    if (value) setRegistry(value.commands);
  }, [value]);
  return (
    <>
      <FilterChips alumni={alumni} />
      <span className="toolbar-actions">
        <CommandButton id={alumni ? 'alumni.filter' : 'people.filter'} />
        {alumni && <CommandButton id="alumni.recentLeavers" />}
        <CommandButton id={alumni ? 'alumni.clearFilters' : 'people.clearFilters'} />
        <CommandButton id={alumni ? 'alumni.export' : 'people.export'} />
        {!alumni && <CommandButton id="people.add" />}
        {!alumni && <CommandButton id="people.import" />}
      </span>
    </>
  );
}

export function WorkforcePane() {
  const { t, i18n } = useTranslation();
  const def = useMemo<ListDef<PersonRow>>(
    () => ({
      id: WORKFORCE_KEY,
      title: 'routes:pages.workforce',
      contract: listWorkforce as never,
      items: (r: { items: PersonRow[]; count: number }) => r,
      keys: { sort: 'sortColumn', direction: 'sortOrder', filter: 'freeText' },
      getRowId: (r) => r.personId,
      href: (r) => personHref(r.personId),
      scope: WORKFORCE_SCOPE,
      tabs: (
        <PeopleTabs>
          <WorkforceTabs />
        </PeopleTabs>
      ),
      toolbar: <Toolbar alumni={false} />,
      columns: workforceColumns(t, i18n.language),
    }),
    [t, i18n.language],
  );
  return <ListPane def={def} />;
}

export function AlumniPane() {
  const { t, i18n } = useTranslation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const recent = search.isLeavingDateWithIn_A_Month === true;
  const def = useMemo<ListDef<AlumnusRow>>(
    () => ({
      id: ALUMNI_KEY,
      title: 'routes:pages.alumni',
      contract: listAlumni as never,
      // Spec 2.6: the recent-leaver filter is the window one month back through today.
      ...(recent ? { query: recentLeaverQuery(true) } : {}),
      items: (r: { items: AlumnusRow[]; count: number }) => r,
      keys: { sort: 'sortColumn', direction: 'sortOrder', filter: 'freeText' },
      getRowId: (r) => r.personId,
      href: (r) => personHref(r.personId, true),
      scope: ALUMNI_SCOPE,
      tabs: (
        <PeopleTabs>
          <AlumniTabs />
        </PeopleTabs>
      ),
      toolbar: <Toolbar alumni />,
      columns: alumniColumns(t, i18n.language),
    }),
    [t, i18n.language, recent],
  );
  return <ListPane def={def} />;
}
