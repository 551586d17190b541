// The devices, equipment and apps tabs: what is linked to the person today
// and what was, on the shared grid (now first, then before). Enter opens a
// row's record, Shift+Enter opens it in the side pane: a device in the
// read-only device pane (device-pane.tsx, until the devices module), an
// equipment record on its module page, an account's integration.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormerAppAccount, PERSON_KEY, type PersonDevice, type PersonEquipment, type PersonProfile, listFormerApps, listPersonDevices, listPersonEquipment } from '../../api/contracts/person.js';
import { CommandsContext } from '../../commands/command-button.js';
import { formatDate, formatDateTime } from '../../format.js';
import { useServices } from '../../services.js';
import { DataGrid, type GridColumn } from '../../tables/data-grid.js';
import { setLayout } from '../layout.js';
import { usePanePath } from '../pane-path.js';
import { PersonAccountsGrid } from '../software/person-apps.js';
import { deviceHref, focusSoon } from './person-store.js';

/** In the main pane, a list tab's grid takes the focus once its rows are there. */
export function useGridFocus(ready: boolean) {
  const { side } = usePanePath();
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (side || !ready || done.current) return;
    done.current = true;
    // From the tab bar (where the frame puts the focus) on to the rows.
    // (Not cancelled by a re-render: it ends by itself.)
    focusSoon(
      () => ref.current?.querySelector<HTMLElement>('[role="grid"]'),
      (active) => !!active?.closest('.tabbar'),
    );
  }, [side, ready]);
  return ref;
}

function StateCell({ now }: { now: boolean }) {
  const { t } = useTranslation();
  return <span className={now ? 'badge chip' : 'muted'}>{now ? t('person:state.now') : t('person:state.before')}</span>;
}

/** A small list on the shared grid: every row on one page, opened with Enter / Shift+Enter. */
function SmallGrid<T extends object>(p: {
  id: string;
  label: string;
  columns: GridColumn<T>[];
  rows: readonly T[];
  rowId: (r: T) => string;
  loading: boolean;
  href: (r: T) => string | null;
}) {
  const navigate = useNavigate();
  return (
    <DataGrid
      id={p.id}
      label={p.label}
      columns={p.columns}
      rows={p.rows}
      getRowId={p.rowId}
      total={p.rows.length}
      pageIndex={0}
      pageSize={Math.max(1, p.rows.length)}
      sort={{ column: undefined, direction: 'asc' }}
      loading={p.loading}
      onSort={() => undefined}
      onPage={() => undefined}
      onOpen={(r) => {
        const h = p.href(r);
        if (h) void navigate({ href: h });
      }}
      onOpenSide={(r) => {
        const h = p.href(r);
        if (h) setLayout({ side: h });
      }}
    />
  );
}

export function DevicesTab({ profile }: { profile: PersonProfile }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const q = useQuery({
    queryKey: [PERSON_KEY, profile.personId, 'devices'],
    queryFn: ({ signal }) => api(listPersonDevices, { params: { personId: profile.personId } }, { signal }),
  });
  const ref = useGridFocus(!!q.data?.items.length);
  const columns = useMemo<GridColumn<PersonDevice>[]>(
    () => [
      { id: 'state', header: 'person:devices.columns.state', width: 100, cell: (r) => <StateCell now={r.isCurrent} /> },
      { id: 'name', header: 'person:devices.columns.name', width: 220, cell: (r) => r.name },
      { id: 'genre', header: 'person:devices.columns.genre', width: 130, cell: (r) => t(`person:devices.genres.${r.genre}`) },
      { id: 'model', header: 'person:devices.columns.model', width: 170, cell: (r) => r.model ?? '—' },
      { id: 'deviceTag', header: 'person:devices.columns.deviceTag', width: 130, cell: (r) => <span className="mono">{r.deviceTag ?? '—'}</span> },
      { id: 'serialNumber', header: 'person:devices.columns.serialNumber', width: 150, cell: (r) => <span className="mono">{r.serialNumber ?? '—'}</span> },
      { id: 'workerType', header: 'person:devices.columns.workerType', width: 110, cell: (r) => t(`common:workerTypes.${r.workerType}`) },
      { id: 'assignedOn', header: 'person:devices.columns.assignedOn', width: 120, cell: (r) => <span className="mono">{formatDate(i18n.language, r.assignedOn)}</span> },
      { id: 'returnedOn', header: 'person:devices.columns.returnedOn', width: 120, cell: (r) => <span className="mono">{r.returnedOn ? formatDate(i18n.language, r.returnedOn) : '—'}</span> },
    ],
    [t, i18n.language],
  );
  return (
    <div ref={ref}>
      <SmallGrid id="person-devices" label={t('person:devices.title')} columns={columns} rows={q.data?.items ?? []} rowId={(r) => r.assignmentId} loading={q.isFetching} href={(r) => deviceHref(r.deviceId)} />
      {q.data?.items.length === 0 && <p className="empty-state">{t('person:devices.none')}</p>}
    </div>
  );
}

export function EquipmentTab({ profile }: { profile: PersonProfile }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const q = useQuery({
    queryKey: [PERSON_KEY, profile.personId, 'equipment'],
    queryFn: ({ signal }) => api(listPersonEquipment, { params: { personId: profile.personId } }, { signal }),
  });
  const ref = useGridFocus(!!q.data?.items.length);
  const columns = useMemo<GridColumn<PersonEquipment>[]>(() => {
    const when = (v: string | null, fallback: string) => <span className="mono">{v ? formatDateTime(i18n.language, v) : fallback}</span>;
    return [
      { id: 'state', header: 'person:equipment.columns.state', width: 100, cell: (r) => <StateCell now={r.isCurrent} /> },
      { id: 'name', header: 'person:equipment.columns.name', width: 220, cell: (r) => (r.exists ? r.name : `${r.name} ${t('person:equipment.deleted')}`) },
      { id: 'type', header: 'person:equipment.columns.type', width: 140, cell: (r) => r.equipmentTypeName ?? '—' },
      { id: 'model', header: 'person:equipment.columns.model', width: 150, cell: (r) => r.model ?? '—' },
      { id: 'serialNumber', header: 'person:equipment.columns.serialNumber', width: 140, cell: (r) => <span className="mono">{r.serialNumber ?? '—'}</span> },
      { id: 'assetTag', header: 'person:equipment.columns.assetTag', width: 120, cell: (r) => <span className="mono">{r.assetTag ?? '—'}</span> },
      { id: 'from', header: 'person:equipment.columns.from', width: 170, cell: (r) => when(r.from, t('person:equipment.beforeTrail')) },
      { id: 'to', header: 'person:equipment.columns.to', width: 170, cell: (r) => when(r.to, '—') },
    ];
  }, [t, i18n.language]);
  return (
    <div ref={ref}>
      <SmallGrid
        id="person-equipment"
        label={t('person:equipment.title')}
        columns={columns}
        rows={q.data?.items ?? []}
        rowId={(r) => r.rowId}
        loading={q.isFetching}
        href={(r) => (r.exists ? `/equipment/${r.equipmentId}` : null)}
      />
      {q.data?.items.length === 0 && <p className="empty-state">{t('person:equipment.none')}</p>}
    </div>
  );
}

function FormerApps({ personId }: { personId: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const q = useQuery({
    queryKey: [PERSON_KEY, personId, 'former-apps'],
    queryFn: ({ signal }) => api(listFormerApps, { params: { personId } }, { signal }),
  });
  const columns = useMemo<GridColumn<FormerAppAccount>[]>(
    () => [
      { id: 'app', header: 'person:apps.columns.app', width: 170, cell: (r) => r.appName ?? '—' },
      { id: 'account', header: 'person:apps.columns.account', width: 220, cell: (r) => r.account ?? '—' },
      { id: 'email', header: 'person:apps.columns.email', width: 220, cell: (r) => r.email ?? '—' },
      { id: 'endedAt', header: 'person:apps.columns.endedAt', width: 170, cell: (r) => <span className="mono">{formatDateTime(i18n.language, r.endedAt)}</span> },
      { id: 'reason', header: 'person:apps.columns.reason', width: 200, cell: (r) => t(`person:apps.reasons.${r.reason}`) },
    ],
    [t, i18n.language],
  );
  return (
    <section className="settings-section" aria-labelledby="former-apps-title">
      <h2 id="former-apps-title">{t('person:apps.former')}</h2>
      {!q.data ? null : q.data.items.length === 0 ? (
        <p className="empty-state">{t('person:apps.noFormer')}</p>
      ) : (
        <SmallGrid
          id="person-former-apps"
          label={t('person:apps.former')}
          columns={columns}
          rows={q.data.items}
          rowId={(r) => r.rowId}
          loading={q.isFetching}
          href={(r) => (r.appIntegrationId ? `/app-integrations/${r.appIntegrationId}/users` : null)}
        />
      )}
    </section>
  );
}

export function AppsTab({ profile }: { profile: PersonProfile }) {
  const { t } = useTranslation();
  // Accounts are the IT area's (GET /v2/people/{personId}/apps and …/former-apps); without it the tab says so.
  const commands = useContext(CommandsContext);
  const it = commands?.ctx.can('IT') ?? false;
  const ref = useGridFocus(true);
  return (
    <div ref={ref}>
      <h2 className="visually-hidden">{t('routes:pages.apps')}</h2>
      {it ? (
        <>
          <PersonAccountsGrid personId={profile.personId} />
          <FormerApps personId={profile.personId} />
        </>
      ) : (
        <p className="empty-state">{t('person:apps.itOnly')}</p>
      )}
    </div>
  );
}
