// The frame of an app integration's pages (spec 2.3 App integrations): the
// header (app name, avatar, link to its marketplace entry or to the
// custom-SaaS add page, custom-app badge, tenant, renewal cycle, plan, status
// and the refresh status) and the tab bar. A subordinate integration has no
// overview and no rule-and-policy tab, and its settings tab opens the
// parent's settings in a new browser tab. Each tab is its own page of the
// catalogue; its pane renders <IntegrationFrame tab=…> around its body.
//
// The refresh status is polled every REFRESH_POLL_MS while IN_PROGRESS and
// refetched on window focus (spec 4); when a refresh ends, the pages' data
// (accounts, counts, overview) is fetched again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { type AppIntegration, REFRESH_POLL_MS, getIntegration, refreshResourcesStatus } from '../../api/contracts/software.js';
import { formatDate, formatDateTime } from '../../format.js';
import { useServices } from '../../services.js';
import { usePanePath, usePaneParams } from '../pane-path.js';

export const INTEGRATION_TABS = ['overview', 'users', 'groups', 'detail', 'architecture', 'rule-and-policy', 'settings'] as const;
export type IntegrationTab = (typeof INTEGRATION_TABS)[number];
/** Tabs a subordinate integration does not have (spec 2.3). */
const HIDDEN_FOR_SUBORDINATE: readonly IntegrationTab[] = ['overview', 'rule-and-policy'];

/** Query key root of everything shown about integrations (commands invalidate it). */
export const INTEGRATION_KEY = 'appIntegration';

export const integrationHref = (id: string, tab: IntegrationTab = 'overview') => `/app-integrations/${id}/${tab}`;

/** The id in the pane's path (main or side pane). */
export function useIntegrationId(tab: IntegrationTab): string {
  return usePaneParams(`/app-integrations/$id/${tab}`).id ?? '';
}

export function useIntegration(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: [INTEGRATION_KEY, id],
    queryFn: ({ signal }) => api(getIntegration, { params: { id } }, { signal }),
    enabled: !!id,
    retry: false,
  });
}

export function useRefreshStatus(id: string, enabled = true) {
  const { api } = useServices();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: [INTEGRATION_KEY, id, 'refresh-status'],
    queryFn: ({ signal }) => api(refreshResourcesStatus, { params: { id } }, { signal }),
    enabled: !!id && enabled,
    refetchInterval: (query) => (query.state.data?.status === 'IN_PROGRESS' ? REFRESH_POLL_MS : false),
    refetchOnWindowFocus: true,
  });
  // A refresh that ends changes the accounts: fetch the pages again.
  const last = useRef(q.data?.status);
  useEffect(() => {
    const now = q.data?.status;
    if (last.current === 'IN_PROGRESS' && now && now !== 'IN_PROGRESS') {
      void client.invalidateQueries({ queryKey: [INTEGRATION_KEY] });
      void client.invalidateQueries({ queryKey: ['integration-users'] });
    }
    last.current = now;
  }, [q.data?.status, client]);
  return q;
}

function cycleLabel(t: (k: string, o?: Record<string, unknown>) => string, i: AppIntegration): string | null {
  const c = i.appContract;
  if (!c.billingCycleUnit) return null;
  return t(`integrations:cycle.${c.billingCycleUnit}`, { count: c.billingCycleLength ?? 1 });
}

function RefreshLine({ id, integration }: { id: string; integration: AppIntegration }) {
  const { t, i18n } = useTranslation();
  const status = useRefreshStatus(id, integration.connector === 'SCIM' || integration.refreshedAt !== null);
  const s = status.data;
  if (!s) return null;
  return (
    <div role="status" aria-live="polite" className="muted">
      {t(`integrations:refresh.status.${s.status}`)}
      {s.refreshedAt && <> · {t('integrations:refresh.lastAt', { at: formatDateTime(i18n.language, s.refreshedAt) })}</>}
      {s.status === 'FAILED' && s.error && <span className="field-error"> · {s.error}</span>}
    </div>
  );
}

export function IntegrationHeader({ integration, titleId }: { integration: AppIntegration; titleId: string }) {
  const { t, i18n } = useTranslation();
  const i = integration;
  const sourceHref = i.appId ? `/software/marketplace/${i.appId}` : `/software/add/custom-saas/${i.customSaasType ?? 'OTHER'}`;
  const dash = '—';
  return (
    <header className="record-header">
      <h1 id={titleId} className="pane-title record-title">
        {i.avatarUrl ? <img src={i.avatarUrl} alt="" width={32} height={32} className="avatar" /> : <span className="avatar" aria-hidden="true" />}
        <span className="muted">{t('routes:sections.appIntegrations')} /</span> {i.appName}
        {i.customApp && <span className="badge chip">{t('integrations:customApp')}</span>}
        {i.status === 'DEACTIVATED' && <span className="badge chip bad">{t('integrations:status.DEACTIVATED')}</span>}
      </h1>
      <dl className="facts">
        <dt>{t('integrations:tenant')}</dt>
        <dd>{i.tenantName ?? dash}</dd>
        <dt>{t('integrations:renewalCycle')}</dt>
        <dd>{cycleLabel(t, i) ?? dash}</dd>
        <dt>{t('integrations:plan')}</dt>
        <dd>{i.appContract.planName ?? dash}</dd>
        <dt>{t('integrations:renewalDate')}</dt>
        <dd className="mono">{i.renewalDate ? formatDate(i18n.language, i.renewalDate) : dash}</dd>
        <dt>{t('integrations:source')}</dt>
        <dd>
          <Link to={sourceHref}>{i.appId ? t('integrations:marketplaceEntry') : t('integrations:customSaasPage')}</Link>
          {i.parentApp && (
            <>
              {' · '}
              <Link to={integrationHref(i.parentApp.appIntegrationId, 'users')}>{t('integrations:parent', { name: i.parentApp.appName })}</Link>
            </>
          )}
        </dd>
      </dl>
    </header>
  );
}

function TabBar({ integration, tab }: { integration: AppIntegration; tab: IntegrationTab }) {
  const { t } = useTranslation();
  const sub = integration.isSubordinate;
  const tabs = INTEGRATION_TABS.filter((x) => !(sub && HIDDEN_FOR_SUBORDINATE.includes(x)));
  return (
    <nav className="tabbar" aria-label={t('integrations:tabs')}>
      {tabs.map((x) =>
        sub && x === 'settings' && integration.parentApp ? (
          // Spec 2.3: a subordinate's settings are its parent's, in a new tab.
          <a key={x} className="tab" href={integrationHref(integration.parentApp.appIntegrationId, 'settings')} target="_blank" rel="noopener">
            {t('routes:pages.settings')} ↗<span className="visually-hidden"> {t('integrations:opensInNewTab')}</span>
          </a>
        ) : (
          <Link key={x} to={integrationHref(integration.appIntegrationId, x)} className={x === tab ? 'tab active' : 'tab'} aria-current={x === tab ? 'page' : undefined}>
            {t(`routes:pages.${x}`)}
          </Link>
        ),
      )}
    </nav>
  );
}

/** The page of one tab: header, tabs, and the tab's body (given the loaded integration). */
export function IntegrationFrame({ tab, children }: { tab: IntegrationTab; children: (integration: AppIntegration) => ReactNode }) {
  const { t } = useTranslation();
  const { side } = usePanePath();
  const id = useIntegrationId(tab);
  const integration = useIntegration(id);
  const titleId = side ? 'side-pane-title' : 'pane-title';
  const i = integration.data;
  if (integration.error) {
    return (
      <section className="pane" aria-labelledby={titleId}>
        <h1 id={titleId} className="pane-title">
          {t('routes:sections.appIntegrations')}
        </h1>
        <p role="alert" className="form-error">
          {integration.error instanceof ApiError ? integration.error.body.message : String(integration.error)}
        </p>
        <Link to="/app-integrations">{t('integrations:backToList')}</Link>
      </section>
    );
  }
  if (i && i.isSubordinate && HIDDEN_FOR_SUBORDINATE.includes(tab) && !side) {
    return <Navigate to={integrationHref(id, 'users')} replace />;
  }
  return (
    <section className="pane record" aria-labelledby={titleId} aria-busy={!i} data-scope="pane:integration">
      {!i && (
        <h1 id={titleId} className="pane-title">
          {t('routes:sections.appIntegrations')}
        </h1>
      )}
      {i && (
        <>
          <IntegrationHeader integration={i} titleId={titleId} />
          <RefreshLine id={id} integration={i} />
          <TabBar integration={i} tab={tab} />
          {children(i)}
        </>
      )}
    </section>
  );
}
