// /person/external-hr-saas and its preview by appIntegrationId (spec 2.3):
// people from an external HR system. The list is a ListPane of the
// organisation's integrations of human-resources apps with their connection
// state and last apply; Enter opens a row's preview. The preview reads the
// HR system (GET …/preview) and shows the difference with our people: who
// is added, what changes (before → after), who the HR system does not list,
// the users it skips and the departments we do not know. Nothing is written
// until Apply (Ctrl/Cmd+Enter, command hrSync.apply): a confirmation, then
// POST …/apply with the preview's fingerprint; a source changed meanwhile is
// refused and the page says to read it again (r, command hrSync.reload).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { applyHrSync, type HrIntegration, type HrPreview, listHrIntegrations, previewHrSync } from '../../api/contracts/hr-sync.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDateTime, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { type PlainColumn, PlainTable } from '../../tables/plain-table.js';
import { useDialogs } from '../dialogs.js';
import { usePaneParams } from '../pane-path.js';
import { personHref } from './links.js';
import { HR_SYNC_KEY, hrPreviewActions } from './store.js';
import './person-add.css';

export const HR_LIST_PAGE = '/person/external-hr-saas';
export const HR_PREVIEW_PAGE = '/person/external-hr-saas/$appIntegrationId';
export const hrPreviewHref = (id: string) => `/person/external-hr-saas/${id}`;
const DASH = '—';

export function HrSaasListPane() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const def = useMemo<ListDef<HrIntegration>>(
    () => ({
      id: HR_SYNC_KEY,
      title: 'hrSync:list',
      contract: listHrIntegrations as never,
      items: (r: { items: HrIntegration[]; count: number }) => r,
      keys: { sort: 'sortBy', direction: 'sortOrder' },
      getRowId: (r) => r.appIntegrationId,
      href: (r) => hrPreviewHref(r.appIntegrationId),
      open: (r) => void navigate({ href: hrPreviewHref(r.appIntegrationId) }),
      scope: 'pane:hr-saas',
      tabs: <p className="muted">{t('hrSync:intro')}</p>,
      columns: [
        {
          id: 'app',
          header: 'hrSync:columns.app',
          width: 220,
          cell: (r) => (
            <>
              {r.logoUrl && <img src={r.logoUrl} alt="" width={16} height={16} className="avatar small" />} {r.appName}
            </>
          ),
        },
        { id: 'tenant', header: 'hrSync:columns.tenant', width: 180, cell: (r) => r.tenantName ?? DASH },
        { id: 'connection', header: 'hrSync:columns.connection', width: 120, cell: (r) => t(`hrSync:connection.${r.connection}`) },
        { id: 'authenticatedAt', header: 'hrSync:columns.authenticatedAt', width: 170, cell: (r) => <span className="mono">{r.authenticatedAt ? formatDateTime(i18n.language, r.authenticatedAt) : DASH}</span> },
        {
          id: 'lastApplied',
          header: 'hrSync:columns.lastApplied',
          width: 300,
          cell: (r) =>
            r.lastApplied
              ? t('hrSync:lastApplied', { at: formatDateTime(i18n.language, r.lastApplied.at), created: r.lastApplied.created, updated: r.lastApplied.updated })
              : t('hrSync:never'),
        },
      ],
    }),
    [t, i18n.language, navigate],
  );
  return <ListPane def={def} />;
}

/** The browser's calendar date. */
const today = () => new Date().toLocaleDateString('en-CA');

/** One part of the preview: its title and count, then its rows (or "none"). */
function Section<R>({ title, rows, rowKey, columns, note }: { title: string; rows: readonly R[]; rowKey: (r: R) => string; columns: readonly PlainColumn<R>[]; note?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="mono muted">{rows.length}</span>
      </h2>
      {rows.length ? (
        <>
          <PlainTable rows={rows} rowKey={rowKey} columns={columns} />
          {note}
        </>
      ) : (
        <p className="muted">{t('hrSync:preview.none')}</p>
      )}
    </section>
  );
}

function Changes({ u }: { u: HrPreview['updates'][number] }) {
  const { t } = useTranslation();
  return (
    <>
      {u.changes.map((c) => (
        <span key={c.field} className="change">
          {t(`hrSync:fields.${c.field}`)}: <span className="before">{c.before ?? DASH}</span> → <strong>{c.after ?? DASH}</strong>
        </span>
      ))}
      {u.inactive && <span className="warn">{t('hrSync:preview.inactive')}</span>}
      {u.unknownDepartment && <span className="warn">{t('hrSync:preview.unknownDepartment', { name: u.unknownDepartment })}</span>}
    </>
  );
}

export function HrSaasPreviewPane() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const id = usePaneParams(HR_PREVIEW_PAGE).appIntegrationId ?? '';
  const [joiningDate, setJoiningDate] = useState(today);
  const [refused, setRefused] = useState<string | null>(null);
  const paneRef = useRef<HTMLElement>(null);
  const dateId = useId();
  const n = (v: number) => formatNumber(i18n.language, v);

  const preview = useQuery({
    queryKey: [HR_SYNC_KEY, 'preview', id],
    queryFn: ({ signal }) => api(previewHrSync, { params: { appIntegrationId: id } }, { signal }),
    retry: false,
    // What the user reviews must not change under their eyes: read again only on request.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const p = preview.data;
  const nothing = !!p && p.summary.create === 0 && p.summary.update === 0;

  const apply = useMutation({
    mutationFn: (fingerprint: string) => api(applyHrSync, { params: { appIntegrationId: id }, body: { fingerprint, joiningDate } }),
    onSuccess: async (r) => {
      setRefused(null);
      dialogs.toast({ description: t('hrSync:applied', { created: r.created, updated: r.updated }) });
      await queryClient.invalidateQueries();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) setRefused(e.body.message);
      else if (e instanceof ApiError && e.status < 500) setRefused(e.body.message);
      else dialogs.showError();
    },
  });

  const run = async () => {
    if (!p || nothing || apply.isPending) return;
    const ok = await dialogs.confirm({
      title: t('hrSync:applyConfirm.title'),
      body: t('hrSync:applyConfirm.body', { create: p.summary.create, update: p.summary.update }),
      confirmLabel: t('hrSync:applyConfirm.confirm'),
    });
    if (ok) apply.mutate(p.fingerprint);
  };
  const reload = () => {
    setRefused(null);
    void preview.refetch();
  };
  const runRef = useRef(run);
  runRef.current = run;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    hrPreviewActions.set({ apply: () => void runRef.current(), reload: () => reloadRef.current() });
    return () => hrPreviewActions.set({ apply: null, reload: null });
  }, []);
  useEffect(() => paneRef.current?.focus(), []);

  const failure = preview.error instanceof ApiError ? preview.error.body.message : preview.error ? String(preview.error) : null;
  return (
    <section className="pane hr-preview" aria-labelledby="pane-title" data-scope="pane:hr-preview" tabIndex={-1} ref={paneRef}>
      <h1 id="pane-title" className="pane-title">
        {t('hrSync:preview.title', { app: p ? `${p.appName}${p.tenantName ? ` (${p.tenantName})` : ''}` : '' })}
      </h1>
      <p>
        <Link to="/person/external-hr-saas">{t('hrSync:backToList')}</Link>
      </p>
      {preview.isFetching && <p role="status">{t('hrSync:preview.reading')}</p>}
      {failure && (
        <div role="alert" className="form-error">
          <p>{failure}</p>
          <div className="form-actions left">
            <CommandButton id="hrSync.settings" />
            <CommandButton id="hrSync.reload" />
          </div>
        </div>
      )}
      {p && (
        <>
          <p className="muted">{t('hrSync:preview.readAt', { at: formatDateTime(i18n.language, p.readAt) })}</p>
          <ul className="csv-summary" aria-label={t('hrSync:preview.summary')}>
            {(['source', 'create', 'update', 'unchanged', 'missing', 'skipped', 'unknownDepartments'] as const).map((k) => (
              <li key={k}>{t(`hrSync:preview.counts.${k}`, { n: n(p.summary[k]) })}</li>
            ))}
          </ul>
          {refused && (
            <p role="alert" className="form-error">
              {refused}
            </p>
          )}
          <div className="apply-bar">
            <div className="form-field">
              <label htmlFor={dateId}>{t('hrSync:preview.joiningDate')}</label>
              <input id={dateId} type="date" value={joiningDate} onChange={(e) => setJoiningDate(e.target.value)} aria-describedby={`${dateId}-hint`} />
              <p id={`${dateId}-hint`} className="muted">
                {t('hrSync:preview.joiningHint')}
              </p>
            </div>
            <CommandButton id="hrSync.apply" className="" />
            <CommandButton id="hrSync.reload" />
          </div>
          {nothing && <p className="muted">{t('hrSync:preview.nothing')}</p>}

          <Section
            title={t('hrSync:preview.creates')}
            rows={p.creates}
            rowKey={(c) => c.externalId}
            columns={[
              { header: t('hrSync:cols.employeeNumber'), className: 'mono', cell: (c) => c.employeeNumber ?? DASH },
              { header: t('hrSync:cols.name'), rowHeader: true, cell: (c) => [c.familyName, c.middleName, c.givenName].filter(Boolean).join(' ') },
              { header: t('hrSync:cols.email'), cell: (c) => c.email ?? DASH },
              { header: t('hrSync:cols.workerType'), cell: (c) => t(`common:workerTypes.${c.workerType}`) },
              {
                header: t('hrSync:cols.department'),
                cell: (c) => (
                  <>
                    {c.department ?? DASH}
                    {!c.departmentKnown && <span className="warn">{t('hrSync:preview.unknownDepartment', { name: c.department })}</span>}
                  </>
                ),
              },
              { header: t('hrSync:cols.manager'), cell: (c) => c.manager?.name ?? DASH },
            ]}
          />

          <Section
            title={t('hrSync:preview.updates')}
            rows={p.updates}
            rowKey={(u) => u.externalId}
            columns={[
              { header: t('hrSync:cols.employeeNumber'), className: 'mono', cell: (u) => u.workerNumber ?? DASH },
              { header: t('hrSync:cols.name'), rowHeader: true, cell: (u) => <Link to={personHref(u.personId)}>{u.name}</Link> },
              { header: t('hrSync:cols.matchedBy'), cell: (u) => t(`hrSync:matchedBy.${u.matchedBy}`) },
              { header: t('hrSync:cols.changes'), cell: (u) => <Changes u={u} /> },
              { header: t('hrSync:cols.manager'), cell: (u) => u.manager?.name ?? DASH },
            ]}
            note={<p className="muted">{t('hrSync:preview.managerNote')}</p>}
          />

          <Section
            title={t('hrSync:preview.missing')}
            rows={p.missing}
            rowKey={(m) => m.workerId}
            columns={[
              { header: t('hrSync:cols.employeeNumber'), className: 'mono', cell: (m) => m.workerNumber ?? DASH },
              { header: t('hrSync:cols.name'), rowHeader: true, cell: (m) => <Link to={personHref(m.personId)}>{m.name}</Link> },
              { header: t('hrSync:cols.email'), cell: (m) => m.email ?? DASH },
              { header: t('hrSync:cols.workerType'), cell: (m) => t(`common:workerTypes.${m.workerType}`) },
            ]}
          />

          <Section
            title={t('hrSync:preview.unknownDepartments')}
            rows={p.unknownDepartments}
            rowKey={(d) => d.name}
            columns={[
              { header: t('hrSync:cols.department'), rowHeader: true, cell: (d) => d.name },
              { header: t('hrSync:cols.people'), className: 'mono', cell: (d) => n(d.people) },
            ]}
          />

          <Section
            title={t('hrSync:preview.skipped')}
            rows={p.skipped}
            rowKey={(x) => x.externalId}
            columns={[
              { header: t('hrSync:cols.userName'), rowHeader: true, cell: (x) => x.userName },
              { header: t('hrSync:cols.reason'), cell: (x) => t(`hrSync:reasons.${x.reason}`) },
            ]}
          />
        </>
      )}
    </section>
  );
}
