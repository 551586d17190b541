// The users tab of an app integration (spec 2.3, 3 App user, 4): accounts of
// the tenant matched to people, by alert category with counts, on the shared
// grid (1000-row pages). Without a category in the URL the page takes ALL for
// a subordinate integration, else FOLLOWING, and writes it into the URL.
// Enter on a row opens its person (their apps tab), Shift+Enter opens the
// person beside the accounts; the row actions (link a person, unlink, remove
// the account) are commands of src/commands/integration.commands.ts.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppIntegration, type AppUserRow, USER_CATEGORIES, countIntegrationUsers, listIntegrationUsers } from '../../api/contracts/software.js';
import { formatDateTime, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import type { GridColumn } from '../../tables/data-grid.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { usePanePath } from '../pane-path.js';
import { IntegrationFrame } from './integration-frame.js';

/** Query key root of the accounts lists and counts (commands invalidate it). */
export const USERS_KEY = 'integration-users';

export const personAppsHref = (personId: string) => `/person/${personId}/apps`;

/** The columns of an account row; the person's apps tab shows the same rows. */
export function accountColumns(t: (k: string) => string, locale: string, o: { integration?: boolean } = {}): GridColumn<AppUserRow>[] {
  const dash = '—';
  const cols: GridColumn<AppUserRow>[] = [
    {
      id: 'account',
      header: 'integrations:columns.account',
      width: 240,
      sortColumn: 'NAME',
      cell: (r) => (r.appUserId ? (r.displayName ?? r.name ?? dash) : <span className="muted">{t('integrations:noAccount')}</span>),
    },
    { id: 'email', header: 'integrations:columns.email', width: 220, sortColumn: 'EMAIL', cell: (r) => r.email ?? r.worker?.workerEmail ?? dash },
    {
      id: 'person',
      header: 'integrations:columns.person',
      width: 180,
      sortColumn: 'PERSON',
      cell: (r) => (r.worker ? `${r.worker.personName}${r.worker.isAlumni ? ` (${t('integrations:alumni')})` : ''}` : dash),
    },
    {
      id: 'rule',
      header: 'integrations:columns.ruleMatching',
      width: 150,
      sortColumn: 'RULE_MATCHING',
      cell: (r) => <span className={r.ruleMatching === 'matched' ? undefined : 'bad'}>{t(`integrations:rule.${r.ruleMatching}`)}</span>,
    },
    {
      id: 'role',
      header: 'integrations:columns.role',
      width: 180,
      sortColumn: 'ROLE',
      cell: (r) =>
        r.ruleMatching === 'violated-role' && r.worker?.assignedRoleName
          ? `${r.actualRoleName ?? dash} → ${r.worker.assignedRoleName}`
          : (r.actualRoleName ?? r.worker?.assignedRoleName ?? dash),
    },
    {
      id: 'status',
      header: 'integrations:columns.status',
      width: 120,
      cell: (r) => (r.appUserId ? (r.isActive ? (r.statusName ?? t('integrations:accountActive')) : t('integrations:accountDeactivated')) : dash),
    },
    {
      id: 'lastSignedInAt',
      header: 'integrations:columns.lastSignedInAt',
      width: 170,
      sortColumn: 'LAST_SIGNED_IN_AT',
      cell: (r) => (
        <span className="mono">
          {r.lastSignedInAt ? formatDateTime(locale, r.lastSignedInAt) : dash}
          {r.isInactive && <span className="bad"> · {t('integrations:inactive')}</span>}
        </span>
      ),
    },
    { id: 'mfa', header: 'integrations:columns.mfa', width: 70, cell: (r) => (r.configuredMfa === null ? dash : r.configuredMfa ? '✓' : '✗') },
    { id: 'workerNumber', header: 'integrations:columns.workerNumber', width: 110, cell: (r) => <span className="mono">{r.workerNumber ?? dash}</span> },
    { id: 'suggested', header: 'integrations:columns.suggestedAction', width: 180, cell: (r) => (r.suggestedAction ? t(`integrations:suggested.${r.suggestedAction}`) : dash) },
  ];
  if (o.integration) cols.unshift({ id: 'app', header: 'integrations:columns.app', width: 160, cell: (r) => r.appIntegration.appName });
  return cols;
}

/** The default category of the users page (spec 2.1). */
export const defaultUsersCategory = (i: Pick<AppIntegration, 'isSubordinate'>) => (i.isSubordinate ? 'ALL' : 'FOLLOWING');

function CategoryTabs({ integration, current }: { integration: AppIntegration; current: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const freeText = (search.freeText as string | undefined) || undefined;
  const counts = useQuery({
    queryKey: [USERS_KEY, 'counts', integration.appIntegrationId, freeText ?? null],
    queryFn: ({ signal }) => api(countIntegrationUsers, { params: { id: integration.appIntegrationId }, query: { freeText } }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <nav className="tabbar" aria-label={t('integrations:categoriesLabel')}>
      <span className="tab-group" role="group" aria-label={t('integrations:categoriesLabel')}>
        {USER_CATEGORIES.filter((c) => c !== 'ALUMNI' || !integration.isSubordinate).map((c) => (
          <Link
            key={c}
            to="."
            search={((prev: Record<string, unknown>) => ({ ...prev, category: c, pageIndex: 0 })) as never}
            className={c === current ? 'tab sub active' : 'tab sub'}
            aria-current={c === current ? 'true' : undefined}
          >
            {t(`integrations:category.${c}`)}
            {counts.data && <span className="count mono"> {formatNumber(i18n.language, counts.data.counts[c])}</span>}
          </Link>
        ))}
      </span>
    </nav>
  );
}

function Users({ integration }: { integration: AppIntegration }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { side } = usePanePath();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const category = (search.category as string | undefined) ?? defaultUsersCategory(integration);
  // Spec 2.1: the page names its category; the default depends on the integration.
  useEffect(() => {
    if (!side && search.category === undefined) void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, category })) as never, replace: true });
  }, [side, search.category, category, navigate]);
  const id = integration.appIntegrationId;
  const def = useMemo<ListDef<AppUserRow>>(
    () => ({
      id: USERS_KEY,
      title: 'integrations:accounts',
      contract: listIntegrationUsers as never,
      params: { id },
      items: (r: { items: AppUserRow[]; count: number }) => r,
      keys: { sort: 'sortColumn', direction: 'sortOrder', filter: 'freeText' },
      getRowId: (r) => r.id,
      href: (r) => (r.worker ? personAppsHref(r.worker.personId) : `/app-integrations/${id}/users`),
      open: (r) => {
        if (r.worker) void navigate({ href: personAppsHref(r.worker.personId) });
      },
      columns: accountColumns(t, i18n.language),
      tabs: <CategoryTabs integration={integration} current={category} />,
      scope: 'pane:integration-users',
      embedded: true,
    }),
    [id, integration, category, t, i18n.language, navigate],
  );
  return <ListPane def={def} />;
}

export function IntegrationUsersPane() {
  return <IntegrationFrame tab="users">{(i) => <Users integration={i} />}</IntegrationFrame>;
}
