// The software page's read tabs, from real data (beyond the spec, which stubs
// the overview): overview (its integrations, accounts, monthly cost, next
// renewal, refresh status), users (the accounts of its integrations, each
// opening its integration's users tab), activity monitoring (sign-in activity
// of those accounts), contracts and cost (each integration's contract and
// its cost from the integration's billing-cost overview),
// settings (the status, changed by commands) and rule-and-policy (nothing
// to show yet, and it says so).
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOFTWARE_STATUSES } from '../../api/contracts/software-enums.js';
import { getOverviewBillingCost } from '../../api/contracts/app-overview.js';
import { type AppUserRow, getIntegration, INACTIVE_AFTER_DAYS, listIntegrationUsers, type getSoftwareSummary } from '../../api/contracts/software.js';
import type { ContractResponse } from '../../api/contracts/define.js';
import type { ModuleRow } from '../../api/modules/contracts.js';
import { CommandButton } from '../../commands/command-button.js';
import { formatCurrency, formatDate, formatDateTime, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { DataGrid, type GridColumn, type GridSort } from '../../tables/data-grid.js';
import { setLayout } from '../layout.js';
import { appHref } from './marketplace.js';
import { IntegrationsTable } from './integrations-table.js';

export type Summary = ContractResponse<typeof getSoftwareSummary>;

/** Every account row of the software's integrations (category ALL), page by page. */
export function useSoftwareAccounts(summary: Summary | undefined) {
  const { api } = useServices();
  const ids = summary?.integrations.map((i) => i.appIntegrationId) ?? [];
  return useQuery({
    queryKey: ['software', 'accounts', summary?.softwareId, ids],
    enabled: !!summary,
    queryFn: async ({ signal }) => {
      const rows: AppUserRow[] = [];
      for (const id of ids) {
        // At most 10 pages of 1,000 per integration.
        for (let pageIndex = 0; pageIndex < 10; pageIndex++) {
          const r = await api(listIntegrationUsers, { params: { id }, query: { category: 'ALL', pageSize: 1000, pageIndex } }, { signal });
          rows.push(...r.items);
          if ((pageIndex + 1) * 1000 >= r.count) break;
        }
      }
      return rows;
    },
  });
}

const usersHref = (row: AppUserRow) => `/app-integrations/${row.appIntegration.appIntegrationId}/users`;
const integrationHref = (id: string) => `/app-integrations/${id}`;

function Stats({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="stat-cards">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OverviewTab({ row, summary }: { row: ModuleRow; summary: Summary | undefined }) {
  const { t, i18n } = useTranslation();
  if (!summary) return <p className="muted">{t('pending')}</p>;
  const live = summary.integrations.filter((i) => i.status === 'ACTIVE');
  const cost = summary.monthlyCost.map((c) => formatCurrency(i18n.language, c.amount, c.currencyCode)).join(' + ');
  return (
    <>
      <Stats
        items={[
          [t('marketplace:software.overview.integrations'), `${formatNumber(i18n.language, live.length)} / ${formatNumber(i18n.language, summary.integrations.length)}`],
          [t('marketplace:software.overview.accounts'), formatNumber(i18n.language, summary.assignedTotal)],
          [t('marketplace:software.overview.monthlyCost'), cost || '-'],
          [t('marketplace:software.overview.nextRenewal'), summary.renewalDate ? formatDate(i18n.language, summary.renewalDate) : t('marketplace:software.unknown')],
          [t('marketplace:software.overview.refresh'), t(`marketplace:software.refresh.${summary.refreshStatus}`)],
        ]}
      />
      <h2 className="section-title" id="sw-integrations-title">
        {t('marketplace:software.overview.integrationList')}
      </h2>
      {summary.integrations.length === 0 ? (
        <p className="empty-state">
          {t('marketplace:software.overview.noIntegrations')} {summary.appId && <Link to={appHref(summary.appId)}>{t('marketplace:software.overview.toMarketplace', { name: String(row.name ?? '') })}</Link>}
        </p>
      ) : (
        <IntegrationsTable items={summary.integrations} labelledBy="sw-integrations-title" />
      )}
    </>
  );
}

type Sorter = (a: AppUserRow, b: AppUserRow) => number;
const byText = (f: (r: AppUserRow) => string | null | undefined): Sorter => (a, b) => (f(a) ?? '').localeCompare(f(b) ?? '');
const SORTS: Record<string, Sorter> = {
  NAME: byText((r) => r.displayName ?? r.name),
  EMAIL: byText((r) => r.email),
  INTEGRATION: byText((r) => r.appIntegration.appName),
  PERSON: byText((r) => r.worker?.personName),
  // Never signed in sorts first: the least active.
  LAST_SIGNED_IN_AT: byText((r) => r.lastSignedInAt),
  RULE_MATCHING: byText((r) => r.ruleMatching),
};

/** A client-side sorted, paged grid of account rows; Enter opens the row's integration users tab. */
function AccountsGrid({ id, label, rows, columns, defaultSort }: { id: string; label: string; rows: AppUserRow[]; columns: GridColumn<AppUserRow>[]; defaultSort: GridSort }) {
  const navigate = useNavigate();
  const [sort, setSort] = useState<GridSort>(defaultSort);
  const [pageIndex, setPageIndex] = useState(0);
  const pageSize = 100;
  const sorted = useMemo(() => {
    const f = SORTS[sort.column ?? 'NAME'] ?? SORTS.NAME!;
    const out = [...rows].sort(f);
    return sort.direction === 'desc' ? out.reverse() : out;
  }, [rows, sort]);
  return (
    <DataGrid
      id={id}
      label={label}
      columns={columns}
      rows={sorted.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)}
      getRowId={(r) => r.id}
      total={rows.length}
      pageIndex={pageIndex}
      pageSize={pageSize}
      sort={sort}
      onSort={(s) => {
        setSort(s);
        setPageIndex(0);
      }}
      onPage={setPageIndex}
      onOpen={(r) => void navigate({ href: usersHref(r) })}
      onOpenSide={(r) => setLayout({ side: usersHref(r) })}
    />
  );
}

function useAccountColumns(summary: Summary | undefined): Record<string, GridColumn<AppUserRow>> {
  const { t, i18n } = useTranslation();
  const unknown = t('marketplace:software.unknownPerson');
  // An integration by its tenant (one app may have several).
  const tenants = new Map(summary?.integrations.map((i) => [i.appIntegrationId, i.tenantName || i.appName]));
  const integrationName = (r: AppUserRow) => tenants.get(r.appIntegration.appIntegrationId) ?? r.appIntegration.appName;
  return {
    name: { id: 'name', header: 'marketplace:software.columns.name', width: 200, sortColumn: 'NAME', cell: (r) => r.displayName ?? r.name ?? '-' },
    email: { id: 'email', header: 'marketplace:software.columns.email', width: 220, sortColumn: 'EMAIL', cell: (r) => r.email ?? '-' },
    integration: {
      id: 'integration',
      header: 'marketplace:software.columns.integration',
      width: 170,
      sortColumn: 'INTEGRATION',
      cell: (r) => (
        <Link to={usersHref(r)} tabIndex={-1}>
          {integrationName(r)}
        </Link>
      ),
    },
    person: { id: 'person', header: 'marketplace:software.columns.person', width: 160, sortColumn: 'PERSON', cell: (r) => r.worker?.personName ?? unknown },
    role: { id: 'role', header: 'marketplace:software.columns.role', width: 120, cell: (r) => r.actualRoleName ?? '-' },
    lastSignedInAt: {
      id: 'lastSignedInAt',
      header: 'marketplace:software.columns.lastSignedInAt',
      width: 170,
      sortColumn: 'LAST_SIGNED_IN_AT',
      cell: (r) => (r.lastSignedInAt ? formatDateTime(i18n.language, r.lastSignedInAt) : t('marketplace:software.never')),
    },
    ruleMatching: {
      id: 'ruleMatching',
      header: 'marketplace:software.columns.ruleMatching',
      width: 130,
      sortColumn: 'RULE_MATCHING',
      cell: (r) => t(`marketplace:software.ruleMatching.${r.ruleMatching}`),
    },
    activity: {
      id: 'activity',
      header: 'marketplace:software.columns.activity',
      width: 130,
      cell: (r) => t(`marketplace:software.activity.${activityOf(r)}`),
    },
  };
}

/** How an account signs in: deactivated, never, inactive (no sign-in for 90 days), or active. */
function activityOf(r: AppUserRow): 'deactivated' | 'never' | 'inactive' | 'active' {
  if (!r.isActive) return 'deactivated';
  if (!r.lastSignedInAt) return 'never';
  return r.isInactive ? 'inactive' : 'active';
}

export function UsersTab({ summary }: { summary: Summary | undefined }) {
  const { t, i18n } = useTranslation();
  const accounts = useSoftwareAccounts(summary);
  const cols = useAccountColumns(summary);
  if (!summary || !accounts.data) return <p className="muted">{accounts.error ? t('toast.updateError') : t('pending')}</p>;
  if (summary.integrations.length === 0) return <p className="empty-state">{t('marketplace:software.overview.noIntegrations')}</p>;
  return (
    <>
      <p className="muted">{t('marketplace:software.users.intro', { rows: formatNumber(i18n.language, accounts.data.length) })}</p>
      <AccountsGrid
        id="software-users"
        label={t('routes:pages.users')}
        rows={accounts.data}
        columns={[cols.name!, cols.email!, cols.integration!, cols.person!, cols.role!, cols.lastSignedInAt!, cols.ruleMatching!]}
        defaultSort={{ column: 'NAME', direction: 'asc' }}
      />
    </>
  );
}

export function ActivityTab({ summary }: { summary: Summary | undefined }) {
  const { t, i18n } = useTranslation();
  const accounts = useSoftwareAccounts(summary);
  const cols = useAccountColumns(summary);
  if (!summary || !accounts.data) return <p className="muted">{t('pending')}</p>;
  const rows = accounts.data.filter((r) => r.appUserId !== null);
  const count = (k: ReturnType<typeof activityOf>) => formatNumber(i18n.language, rows.filter((r) => activityOf(r) === k).length);
  const monthAgo = Date.now() - 30 * 86_400_000;
  const recent = rows.filter((r) => r.isActive && r.lastSignedInAt && Date.parse(r.lastSignedInAt) >= monthAgo).length;
  return (
    <>
      <Stats
        items={[
          [t('marketplace:software.activity.accounts'), formatNumber(i18n.language, rows.length)],
          [t('marketplace:software.activity.recent'), formatNumber(i18n.language, recent)],
          [t('marketplace:software.activity.inactiveCount', { days: INACTIVE_AFTER_DAYS }), count('inactive')],
          [t('marketplace:software.activity.neverCount'), count('never')],
          [t('marketplace:software.activity.deactivatedCount'), count('deactivated')],
        ]}
      />
      {rows.length === 0 ? (
        <p className="empty-state">{t('marketplace:software.activity.none')}</p>
      ) : (
        <AccountsGrid
          id="software-activity"
          label={t('routes:pages.activity-monitoring')}
          rows={rows}
          columns={[cols.name!, cols.integration!, cols.person!, cols.lastSignedInAt!, cols.activity!]}
          // The least active first.
          defaultSort={{ column: 'LAST_SIGNED_IN_AT', direction: 'asc' }}
        />
      )}
    </>
  );
}

export function ContractsTab({ summary }: { summary: Summary | undefined }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const ids = summary?.integrations.map((i) => i.appIntegrationId) ?? [];
  // Each integration's contract, and what it costs now (the server's billing-cost overview).
  const contracts = useQuery({
    queryKey: ['software', 'contracts', summary?.softwareId, ids],
    enabled: !!summary,
    queryFn: ({ signal }) =>
      Promise.all(
        ids.map(async (id) => {
          const [integration, cost] = await Promise.all([
            api(getIntegration, { params: { id } }, { signal }),
            api(getOverviewBillingCost, { params: { id } }, { signal }),
          ]);
          return { integration, cost };
        }),
      ),
  });
  if (!summary || !contracts.data) return <p className="muted">{t('pending')}</p>;
  if (summary.integrations.length === 0) return <p className="empty-state">{t('marketplace:software.overview.noIntegrations')}</p>;
  const dash = '-';
  const money = (m: { amount: number; currencyCode: string } | null) => (m ? formatCurrency(i18n.language, m.amount, m.currencyCode) : dash);
  // The total of the rows above (active integrations), per currency.
  const sums = new Map<string, number>();
  for (const { integration, cost } of contracts.data) {
    if (integration.status === 'ACTIVE' && cost.monthlyCost) sums.set(cost.monthlyCost.currencyCode, (sums.get(cost.monthlyCost.currencyCode) ?? 0) + cost.monthlyCost.amount);
  }
  const total = [...sums].map(([currencyCode, amount]) => formatCurrency(i18n.language, amount, currencyCode)).join(' + ');
  return (
    <table className="plain-table" aria-label={t('routes:pages.contracts-cost')}>
      <thead>
        <tr>
          <th scope="col">{t('marketplace:app.tenant')}</th>
          <th scope="col">{t('marketplace:contract.planName')}</th>
          <th scope="col">{t('marketplace:contract.pricingModel')}</th>
          <th scope="col">{t('marketplace:contract.billingCycle')}</th>
          <th scope="col">{t('marketplace:contract.unitPrice')}</th>
          <th scope="col">{t('marketplace:contract.nextRenewal')}</th>
          <th scope="col">{t('marketplace:contract.monthlyCost')}</th>
        </tr>
      </thead>
      <tbody>
        {contracts.data.map(({ integration: i, cost }) => {
          const c = i.appContract;
          return (
            <tr key={i.appIntegrationId}>
              <td>
                <Link to={`${integrationHref(i.appIntegrationId)}/settings`}>{i.tenantName || i.appName}</Link>
                {i.status === 'DEACTIVATED' && <span className="pill">{t('marketplace:integrationStatus.DEACTIVATED')}</span>}
              </td>
              <td>{c.planName ?? dash}</td>
              <td>{c.pricingModel ? t(`marketplace:contract.model.${c.pricingModel}`) : dash}</td>
              <td>{c.billingCycleUnit ? t(`marketplace:contract.cycle.${c.billingCycleUnit}`, { length: c.billingCycleLength ?? 1 }) : dash}</td>
              <td className="num">
                {money(cost.unitPrice)}
                {c.pricingModel === 'LINEAR' && c.unit && ` / ${t(`marketplace:contract.unit.${c.unit}`)}`}
              </td>
              <td>{i.renewalDate ? formatDate(i18n.language, i.renewalDate) : t('marketplace:software.unknown')}</td>
              <td className="num">{money(cost.monthlyCost)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={6}>
            {t('marketplace:contract.totalActive')}
          </th>
          <td className="num">{total || dash}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function SettingsTab({ row }: { row: ModuleRow }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="facts">
        <dt>{t('software:fields.softwareType')}</dt>
        <dd>{row.softwareType ? t(`software:enums.softwareType.${String(row.softwareType)}`) : '-'}</dd>
        <dt>{t('software:fields.status')}</dt>
        <dd>{row.status ? t(`software:enums.status.${String(row.status)}`) : '-'}</dd>
      </dl>
      <h2 className="section-title">{t('marketplace:software.settings.changeStatus')}</h2>
      <p className="muted">{t('marketplace:software.settings.hint')}</p>
      <div className="form-actions left">
        {SOFTWARE_STATUSES.map((s) => (
          <CommandButton key={s} id={`software.status.${s}`} />
        ))}
      </div>
    </>
  );
}

export function RulesTab() {
  const { t } = useTranslation();
  return <p className="empty-state">{t('marketplace:software.rules.empty')}</p>;
}
