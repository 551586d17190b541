// The app integrations list (spec 2.6 "App integrations list": text, status
// INTEGRATIONS / CUSTOM_APPS / DEACTIVATED / ALL with INTEGRATIONS by default,
// paging, sortColumn APP, sortOrder) at /app-integrations. The status tabs
// show their counts; `r` refreshes every integration (refresh-resources-all).
import { useNavigate, useSearch, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppIntegration, INTEGRATION_LIST_STATUSES, listIntegrations, refreshResourcesAllStatus } from '../../api/contracts/software.js';
import { formatDate, formatDateTime, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { CommandButton } from '../../commands/command-button.js';
import { ListPane, type ListDef } from '../../tables/list-pane.js';
import { INTEGRATION_KEY, integrationHref } from './integration-frame.js';
import { SoftwareTabs } from './software-tabs.js';

function StatusTabs() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const current = (search.status as string | undefined) ?? 'INTEGRATIONS';
  // The list call answers every status's count: one call per text.
  const counts = useQuery({
    queryKey: [INTEGRATION_KEY, 'list-counts', search.text ?? null],
    queryFn: ({ signal }) => api(listIntegrations, { query: { text: search.text as string | undefined, pageSize: 1 } as never }, { signal }),
  });
  const refreshing = useQuery({
    queryKey: [INTEGRATION_KEY, 'refresh-all-status'],
    queryFn: ({ signal }) => api(refreshResourcesAllStatus, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'IN_PROGRESS' ? 5000 : false),
    refetchOnWindowFocus: true,
  });
  return (
    <>
      <SoftwareTabs>
        <span className="tab-group" role="group" aria-label={t('integrations:listStatusLabel')}>
          {INTEGRATION_LIST_STATUSES.map((s) => (
            <Link
              key={s}
              to="."
              search={((prev: Record<string, unknown>) => ({ ...prev, status: s, pageIndex: 0 })) as never}
              className={s === current ? 'tab sub active' : 'tab sub'}
              aria-current={s === current ? 'true' : undefined}
            >
              {t(`integrations:listStatus.${s}`)}
              {counts.data && <span className="count mono"> {formatNumber(i18n.language, counts.data.counts[s])}</span>}
            </Link>
          ))}
        </span>
      </SoftwareTabs>
      <p role="status" aria-live="polite" className="muted">
        {refreshing.data?.status === 'IN_PROGRESS' ? t('integrations:refresh.allInProgress', { count: refreshing.data.inProgress }) : ''}
      </p>
    </>
  );
}

export function IntegrationsListPane() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dash = '—';
  const def = useMemo<ListDef<AppIntegration>>(
    () => ({
      id: INTEGRATION_KEY,
      title: 'routes:sections.appIntegrations',
      contract: listIntegrations as never,
      items: (r: { items: AppIntegration[]; count: number }) => r,
      keys: { sort: 'sortColumn', direction: 'sortOrder', filter: 'text' },
      getRowId: (r) => r.appIntegrationId,
      href: (r) => integrationHref(r.appIntegrationId, r.isSubordinate ? 'users' : 'overview'),
      open: (r) => void navigate({ href: integrationHref(r.appIntegrationId, r.isSubordinate ? 'users' : 'overview') }),
      scope: 'pane:integrations',
      tabs: <StatusTabs />,
      toolbar: <CommandButton id="integrations.refreshAll" />,
      columns: [
        {
          id: 'app',
          header: 'integrations:columns.app',
          width: 240,
          sortColumn: 'APP',
          cell: (r) => (
            <>
              {r.avatarUrl && <img src={r.avatarUrl} alt="" width={16} height={16} className="avatar small" />} {r.appName}
              {r.customApp && <span className="badge">{t('integrations:customApp')}</span>}
            </>
          ),
        },
        { id: 'tenant', header: 'integrations:tenant', width: 180, cell: (r) => r.tenantName ?? dash },
        { id: 'status', header: 'integrations:columns.status', width: 110, cell: (r) => t(`integrations:status.${r.status}`) },
        { id: 'connector', header: 'integrations:fields.connector', width: 100, cell: (r) => (r.connector === 'SCIM' ? 'SCIM' : 'CSV') },
        { id: 'accounts', header: 'integrations:accounts', width: 100, cell: (r) => <span className="mono">{formatNumber(i18n.language, r.accountCount)}</span> },
        { id: 'plan', header: 'integrations:plan', width: 140, cell: (r) => r.appContract.planName ?? dash },
        { id: 'renewal', header: 'integrations:renewalDate', width: 120, cell: (r) => <span className="mono">{r.renewalDate ? formatDate(i18n.language, r.renewalDate) : dash}</span> },
        { id: 'refreshed', header: 'integrations:refresh.last', width: 170, cell: (r) => <span className="mono">{r.refreshedAt ? formatDateTime(i18n.language, r.refreshedAt) : dash}</span> },
        { id: 'parent', header: 'integrations:fields.parent', width: 160, cell: (r) => r.parentApp?.appName ?? dash },
      ],
    }),
    [t, i18n.language, navigate],
  );
  return <ListPane def={def} />;
}
