// The software page (spec 2.3 /software/{id}/…): the header — breadcrumb
// software › registry › name, custom-SaaS badge, vendor, assigned total,
// status, renewal date, each a dash or "unknown" when empty, and the logo —
// from GET /v2/software/{softwareId} (the module's get) and the summary
// call, then the tab bar and the tab. One component for the eight tab paths
// (it replaces the module mechanism's generic record pane on …/detail; the
// registry still opens rows there). It works in the side pane too: it reads
// its path through usePanePath, and only the main pane's page offers its
// actions to the commands (software-page-store.ts).
import './marketplace.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { getSoftwareSummary, REFRESH_POLL_MS } from '../../api/contracts/software.js';
import { moduleContracts, type ModuleRow } from '../../api/modules/contracts.js';
import { software } from '../../api/modules/software.js';
import { formatDate, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { usePanePath } from '../pane-path.js';
import { ArchitectureTab, DetailTab, useLogo } from './software-page-forms.js';
import { softwarePage, type SoftwareStatus } from './software-page-store.js';
import { ActivityTab, ContractsTab, OverviewTab, RulesTab, SettingsTab, type Summary, UsersTab } from './software-page-tabs.js';

export const SOFTWARE_TABS = ['overview', 'users', 'activity-monitoring', 'detail', 'architecture', 'contracts-cost', 'rule-and-policy', 'settings'] as const;
export type SoftwareTab = (typeof SOFTWARE_TABS)[number];
const PAGE = /^\/software\/([^/]+)\/([^/]+)$/;

function Header({ row, summary, titleId }: { row: ModuleRow; summary: Summary | undefined; titleId: string }) {
  const { t, i18n } = useTranslation();
  const logo = useLogo(row.id);
  const name = String(row.name ?? '');
  const dash = '-';
  return (
    <header className="sw-header">
      {logo.data?.url && <img className="app-logo large" src={logo.data.url} alt={t('marketplace:app.logo', { name })} width={64} height={64} />}
      <div>
        <nav className="sw-crumbs" aria-label={t('marketplace:software.trail')}>
          <ol>
            <li>
              <Link to="/software">{t('routes:sections.software')}</Link>
            </li>
            <li>
              <Link to="/software/registry">{t('routes:pages.registry')}</Link>
            </li>
            <li aria-current="page">{name}</li>
          </ol>
        </nav>
        <h1 id={titleId} className="pane-title">
          {name}
          {row.softwareType === 'CUSTOM_SAAS' && <span className="pill accent">{t('software:enums.softwareType.CUSTOM_SAAS')}</span>}
        </h1>
        <dl className="facts sw-facts">
          <dt>{t('software:fields.vendorName')}</dt>
          <dd data-fact="vendor">{row.vendorName ? String(row.vendorName) : dash}</dd>
          <dt>{t('marketplace:software.assignedTotal')}</dt>
          <dd data-fact="assigned" className="mono">
            {summary ? formatNumber(i18n.language, summary.assignedTotal) : dash}
          </dd>
          <dt>{t('software:fields.status')}</dt>
          <dd data-fact="status">{row.status ? t(`software:enums.status.${String(row.status)}`) : dash}</dd>
          <dt>{t('marketplace:software.renewalDate')}</dt>
          <dd data-fact="renewal" className="mono">
            {summary?.renewalDate ? formatDate(i18n.language, summary.renewalDate) : t('marketplace:software.unknown')}
          </dd>
        </dl>
      </div>
    </header>
  );
}

export function SoftwarePagePane() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { pathname, side } = usePanePath();
  const match = pathname.match(PAGE);
  const id = decodeURIComponent(match?.[1] ?? '');
  const tab = (SOFTWARE_TABS as readonly string[]).includes(match?.[2] ?? '') ? (match![2] as SoftwareTab) : 'overview';
  const ref = useRef<HTMLElement>(null);
  // The command buttons' availability reads the store: draw again when it changes.
  softwarePage.use();
  const row = useQuery({
    queryKey: ['software', 'get', id],
    queryFn: ({ signal }) => api(moduleContracts(software).get, { params: { softwareId: id } as never }, { signal }),
    retry: false,
  });
  const summary = useQuery({
    queryKey: ['software', 'summary', id],
    queryFn: ({ signal }) => api(getSoftwareSummary, { params: { softwareId: id } }, { signal }),
    enabled: !!row.data,
    // As an integration's refresh (spec 4): polled while in progress, and on focus.
    refetchInterval: (q) => (q.state.data?.refreshStatus === 'IN_PROGRESS' ? REFRESH_POLL_MS : false),
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    if (side) return;
    softwarePage.patch({ softwareId: id });
    return () => softwarePage.reset();
  }, [id, side]);
  const status = (row.data?.status as SoftwareStatus | null | undefined) ?? null;
  useEffect(() => {
    if (!side) softwarePage.patch({ status });
  }, [side, status]);
  // Each tab is its own page: after a switch (the focused tab link is gone)
  // the new page's tab link takes the focus, so the keys go on working.
  const loaded = !!row.data;
  useEffect(() => {
    if (side || !loaded) return;
    const el = document.activeElement;
    if (!el || el === document.body || el.matches('main.content')) ref.current?.querySelector<HTMLElement>('.tabbar [aria-current="page"]')?.focus();
  }, [side, loaded]);

  const titleId = side ? 'side-pane-title' : 'pane-title';
  if (row.error) {
    return (
      <section className="pane" aria-labelledby={titleId}>
        <h1 id={titleId} className="pane-title">
          {t('marketplace:software.notFound')}
        </h1>
        <p role="alert" className="form-error">
          {row.error instanceof ApiError ? row.error.body.message : String(row.error)}
        </p>
        <Link to="/software/registry">{t('module.backToList')}</Link>
      </section>
    );
  }
  const data = row.data;
  return (
    <section ref={ref} className="pane" aria-labelledby={titleId} aria-busy={!data} tabIndex={-1} data-scope="pane:software-page">
      {!data ? (
        <h1 id={titleId} className="pane-title">
          {t('pending')}
        </h1>
      ) : (
        <>
          <Header row={data} summary={summary.data} titleId={titleId} />
          <nav className="tabbar" aria-label={t('marketplace:software.tabs')}>
            {SOFTWARE_TABS.map((x) => (
              <Link key={x} to={`/software/${encodeURIComponent(id)}/${x}`} className={x === tab ? 'tab active' : 'tab'} aria-current={x === tab ? 'page' : undefined}>
                {t(`routes:pages.${x}`)}
              </Link>
            ))}
          </nav>
          {tab === 'overview' && <OverviewTab row={data} summary={summary.data} />}
          {tab === 'users' && <UsersTab summary={summary.data} />}
          {tab === 'activity-monitoring' && <ActivityTab summary={summary.data} />}
          {tab === 'detail' && <DetailTab row={data} side={side} />}
          {tab === 'architecture' && <ArchitectureTab row={data} side={side} />}
          {tab === 'contracts-cost' && <ContractsTab summary={summary.data} />}
          {tab === 'rule-and-policy' && <RulesTab />}
          {tab === 'settings' && <SettingsTab row={data} />}
        </>
      )}
    </section>
  );
}
