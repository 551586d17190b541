// The software alerts (spec 2.3 alert sub-pages, 2.6, 3 App alerts, 5, 9):
// the shadow-IT apps and visit histories, and the six account alerts across
// every live integration, each a ListPane (1000-row pages) under one tab bar
// with the counts of GET /v2/app-alerts/count. The URL owns each list's
// state (search-schemas.ts: page, pageSize, sortBy, sortOrder, unknown).
// The actions (export as CSV, the unknown filter, add as custom SaaS, open
// in the marketplace, the ingestion token) are commands of
// src/commands/app-alerts.commands.ts, scope pane:app-alerts.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_ALERT_PAGES,
  type AlertCountKey,
  countAppAlerts,
  listAlertUsers,
  listShadowItApps,
  listShadowItVisits,
  type ShadowItApp,
  type ShadowItVisit,
  UNKNOWN_FILTERS,
  type VisitUser,
} from '../../api/contracts/app-alerts.js';
import type { AppUserRow } from '../../api/contracts/software.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatDateTime, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import type { GridColumn } from '../../tables/data-grid.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { ALERT_LISTS, ALERTS_BASE, ALERTS_KEY, ALERTS_SCOPE, SHADOW_IT_APPS, SHADOW_IT_VISITS } from './alerts-store.js';
import { IngestionTokenDialog } from './alerts-token.js';
import { accountColumns, personAppsHref } from './integration-users.js';

const SCOPE = ALERTS_SCOPE;
const BASE = ALERTS_BASE;

const TABS: readonly { path: string; page: string; count?: AlertCountKey }[] = [
  { path: SHADOW_IT_APPS, page: 'apps-shadow', count: 'SHADOW_IT' },
  { path: SHADOW_IT_VISITS, page: 'visit-histories' },
  ...Object.entries(ACCOUNT_ALERT_PAGES).map(([page, count]) => ({ path: `${BASE}/${page}`, page, count })),
];

/** Where a shadow-IT app is made sanctioned: its marketplace entry, else the custom-SaaS form prefilled from it. */
const customSaasHref = (a: Pick<ShadowItApp, 'id' | 'customSaasType'>) => `/software/add/custom-saas/${a.customSaasType}?traceableSaasId=${a.id}`;
const sanctionHref = (a: Pick<ShadowItApp, 'id' | 'customSaasType' | 'integratableAppId'>) =>
  a.integratableAppId ? `/software/marketplace/${a.integratableAppId}` : customSaasHref(a);

function AlertTabs() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  // Always fresh on arrival: the counts follow changes made on other pages.
  const counts = useQuery({ queryKey: [ALERTS_KEY, 'count'], queryFn: ({ signal }) => api(countAppAlerts, {}, { signal }), refetchOnMount: 'always' });
  return (
    <nav className="tabbar" aria-label={t('appAlerts:tabs')}>
      {TABS.map((tab) => (
        <Link key={tab.path} to={tab.path} className="tab" activeOptions={{ includeSearch: false }} activeProps={{ 'aria-current': 'page', className: 'tab active' }}>
          {t(`routes:pages.${tab.page}`)}
          {tab.count && counts.data && <span className="count mono"> {formatNumber(i18n.language, counts.data.counts[tab.count])}</span>}
        </Link>
      ))}
    </nav>
  );
}

/** An app's or a person's picture, else the initial of the name (decorative: the name is beside it or in the label). */
function Avatar({ url, name, label }: { url: string | null; name: string; label?: string }) {
  const style = { display: 'inline-grid', placeItems: 'center', fontSize: 10, color: 'var(--fg)', marginRight: 4 } as const;
  if (url) return <img className="avatar small" src={url} alt={label ?? ''} title={label} />;
  return (
    <span className="avatar small" style={style} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} title={label}>
      {[...name][0]?.toUpperCase()}
    </span>
  );
}

/** Spec 9: at most 5 avatars a row; the count says how many more. */
function Users({ users, total }: { users: VisitUser[]; total: number }) {
  const { t } = useTranslation();
  const more = total - users.length;
  return (
    <span>
      {users.map((u) => (
        <Avatar key={u.email} url={u.avatarUrl} name={u.name} label={u.personId ? u.name : `${u.email} (${t('appAlerts:unknownUser')})`} />
      ))}
      {more > 0 && <span className="muted"> {t('appAlerts:moreUsers', { count: more })}</span>}
    </span>
  );
}

function UnknownFilter() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const current = (search.unknown as string | undefined) ?? 'INCLUDE';
  // Toggle buttons, not links: a link to the same page would count as the current page.
  return (
    <span className="tab-group" role="group" aria-label={t('appAlerts:unknownFilter')}>
      {UNKNOWN_FILTERS.map((u) => (
        <button
          key={u}
          type="button"
          className={u === current ? 'tab sub active' : 'tab sub'}
          aria-pressed={u === current}
          style={{ background: 'none', borderRadius: 0 }}
          onClick={() => void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, unknown: u, page: 0 })) as never, replace: true })}
        >
          {t(`appAlerts:unknown.${u}`)}
        </button>
      ))}
    </span>
  );
}

const keys = { sort: 'sortBy', direction: 'sortOrder', page: 'page' } as const;

export function ShadowItAppsPane() {
  const { t, i18n } = useTranslation();
  const def = useMemo<ListDef<ShadowItApp>>(
    () => ({
      id: ALERT_LISTS.apps,
      title: 'routes:pages.apps-shadow',
      contract: listShadowItApps as never,
      items: (r: { items: ShadowItApp[]; count: number }) => r,
      keys,
      getRowId: (a) => a.id,
      href: sanctionHref,
      scope: SCOPE,
      tabs: <AlertTabs />,
      toolbar: (
        <>
          <UnknownFilter />
          <span className="toolbar-actions">
            <CommandButton id="appAlerts.addCustomSaas" />
            <CommandButton id="appAlerts.export" />
            <CommandButton id="appAlerts.showToken" />
          </span>
        </>
      ),
      columns: [
        {
          id: 'app',
          header: 'appAlerts:columns.app',
          width: 220,
          sortColumn: 'name',
          cell: (a) => (
            <span>
              <Avatar url={a.avatarUrl} name={a.name} /> {a.name}
            </span>
          ),
        },
        { id: 'category', header: 'appAlerts:columns.category', width: 170, cell: (a) => t(`software:enums.category.${a.category}`) },
        { id: 'countUniqueUser', header: 'appAlerts:columns.countUniqueUser', width: 100, sortColumn: 'countUniqueUser', cell: (a) => <span className="mono">{formatNumber(i18n.language, a.countUniqueUser)}</span> },
        { id: 'users', header: 'appAlerts:columns.users', width: 200, cell: (a) => <Users users={a.users} total={a.countUniqueUser} /> },
        { id: 'count7DaysHistory', header: 'appAlerts:columns.count7DaysHistory', width: 130, sortColumn: 'count7DaysHistory', cell: (a) => <span className="mono">{formatNumber(i18n.language, a.count7DaysHistory)}</span> },
        { id: 'count30DaysHistory', header: 'appAlerts:columns.count30DaysHistory', width: 130, sortColumn: 'count30DaysHistory', cell: (a) => <span className="mono">{formatNumber(i18n.language, a.count30DaysHistory)}</span> },
        { id: 'lastVisitedAt', header: 'appAlerts:columns.lastVisitedAt', width: 170, cell: (a) => <span className="mono">{formatDateTime(i18n.language, a.lastVisitedAt)}</span> },
        { id: 'marketplace', header: 'appAlerts:columns.marketplace', width: 120, cell: (a) => (a.integratableAppId ? t('appAlerts:inMarketplace') : '—') },
        { id: 'websiteUrl', header: 'appAlerts:columns.websiteUrl', width: 220, cell: (a) => <span className="mono">{a.websiteUrl}</span> },
      ] satisfies GridColumn<ShadowItApp>[],
    }),
    [t, i18n.language],
  );
  return (
    <>
      <ListPane def={def} />
      <IngestionTokenDialog />
    </>
  );
}

export function ShadowItVisitsPane() {
  const { t, i18n } = useTranslation();
  const def = useMemo<ListDef<ShadowItVisit>>(
    () => ({
      id: ALERT_LISTS.visits,
      title: 'routes:pages.visit-histories',
      contract: listShadowItVisits as never,
      items: (r: { items: ShadowItVisit[]; count: number }) => r,
      keys,
      getRowId: (v) => v.id,
      // A known person opens on their apps; an unknown user has no page.
      href: (v) => (v.user.personId ? personAppsHref(v.user.personId) : SHADOW_IT_VISITS),
      scope: SCOPE,
      tabs: <AlertTabs />,
      toolbar: (
        <span className="toolbar-actions">
          <CommandButton id="appAlerts.export" />
          <CommandButton id="appAlerts.showToken" />
        </span>
      ),
      columns: [
        { id: 'visitedAt', header: 'appAlerts:columns.visitedAt', width: 170, sortColumn: 'visitedAt', cell: (v) => <span className="mono">{formatDateTime(i18n.language, v.visitedAt)}</span> },
        {
          id: 'user',
          header: 'appAlerts:columns.user',
          width: 240,
          cell: (v) => (v.user.personId ? `${v.user.name} <${v.user.email}>` : <span>{v.user.email} <span className="muted">({t('appAlerts:unknownUser')})</span></span>),
        },
        {
          id: 'app',
          header: 'appAlerts:columns.app',
          width: 180,
          cell: (v) => (
            <span>
              <Avatar url={v.traceableApp.avatarUrl} name={v.traceableApp.name} /> {v.traceableApp.name}
            </span>
          ),
        },
        { id: 'category', header: 'appAlerts:columns.category', width: 160, cell: (v) => t(`software:enums.category.${v.category}`) },
        { id: 'url', header: 'appAlerts:columns.url', width: 320, cell: (v) => <span className="mono">{v.url}</span> },
        { id: 'detectionTool', header: 'appAlerts:columns.detectionTool', width: 150, cell: (v) => v.detectionTool },
      ] satisfies GridColumn<ShadowItVisit>[],
    }),
    [t, i18n.language],
  );
  return (
    <>
      <ListPane def={def} />
      <IngestionTokenDialog />
    </>
  );
}

function AccountAlertPane({ page }: { page: keyof typeof ACCOUNT_ALERT_PAGES }) {
  const { t, i18n } = useTranslation();
  const category = ACCOUNT_ALERT_PAGES[page];
  const def = useMemo<ListDef<AppUserRow>>(
    () => ({
      id: ALERT_LISTS.users,
      title: `routes:pages.${page}`,
      contract: listAlertUsers as never,
      query: { category },
      items: (r: { items: AppUserRow[]; count: number }) => r,
      keys,
      getRowId: (r) => `${r.appIntegration.appIntegrationId}:${r.id}`,
      // A person opens on their apps; an account without one, in its integration's list of the same category.
      href: (r) => (r.worker ? personAppsHref(r.worker.personId) : `/app-integrations/${r.appIntegration.appIntegrationId}/users?category=${category}`),
      scope: SCOPE,
      tabs: <AlertTabs />,
      toolbar: (
        <span className="toolbar-actions">
          <CommandButton id="appAlerts.export" />
        </span>
      ),
      // Sorted by the app (the default) or an account column (ALERT_USER_SORTS).
      columns: accountColumns(t, i18n.language, { integration: true }).map((c) => (c.id === 'app' ? { ...c, sortColumn: 'APP' } : c)),
    }),
    [page, category, t, i18n.language],
  );
  return <ListPane def={def} />;
}

export const ViolatedRolePane = () => <AccountAlertPane page="violated-role" />;
export const ViolatedAssignmentPane = () => <AccountAlertPane page="violated-assignment" />;
export const NoWorkerPane = () => <AccountAlertPane page="no-worker" />;
export const NoUserPane = () => <AccountAlertPane page="no-user" />;
export const InactiveUserPane = () => <AccountAlertPane page="inactive-user" />;
export const AlumniPane = () => <AccountAlertPane page="alumni" />;
