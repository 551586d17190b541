// /app-integrations/import-csv/{id} (spec 2.3, 2.5, 4; 7 "the import page
// also loads the integration's contract overview"): the CSV connector's
// page. The one CSV wizard (../module/import-csv.tsx) with this
// integration's target: its accounts call (POST …/users-csv), its downloads
// (integration-csv.commands.ts), the users tab as "the list" (every
// category, so all imported accounts show with their rules), and a header
// with the integration and its contract from
// GET /v2/app-integrations/{id}/overview/app-contract (a subordinate shows
// its parent's contract, and says so).
//
// The file is the tenant's full account list, so the preview counts the
// accounts the import deletes, and says it in words before Next.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { getOverviewAppContract } from '../../api/contracts/app-overview.js';
import { importAppUsersCsv } from '../../api/contracts/app-users-csv.js';
import type { AppIntegration } from '../../api/contracts/software.js';
import { formatCurrency, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { ImportCsvWizard, type ImportTarget } from '../module/import-csv.js';
import { usePaneParams } from '../pane-path.js';
import { ALERT_QUERY_ROOTS } from './alerts-store.js';
import { INTEGRATION_KEY, integrationHref, useIntegration } from './integration-frame.js';
import { USERS_KEY } from './integration-users.js';

export const IMPORT_PAGE = '/app-integrations/import-csv/$id';
/** The wizard's pane scope is `pane:${IMPORT_SCOPE_ID}.import`. */
export const IMPORT_SCOPE_ID = 'appUsersCsv';
const DASH = '—';

function cycleText(t: TFunction, unit: string | null, length: number | null) {
  if (!unit) return DASH;
  return (length ?? 1) === 1 ? t(`appOverview:cycle.one.${unit}`) : t(`appOverview:cycle.many.${unit}`, { count: length });
}

/** The integration and its contract, above the wizard's steps. */
function ImportHeader({ id, integration }: { id: string; integration: AppIntegration | undefined }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  // The overview tab's key: one fetch for both.
  const overview = useQuery({
    queryKey: [INTEGRATION_KEY, id, 'overview', getOverviewAppContract.id],
    queryFn: ({ signal }) => api(getOverviewAppContract, { params: { id } }, { signal }),
    enabled: !!id,
    retry: false,
  });
  const o = overview.data;
  const c = o?.appContract;
  return (
    <section className="record-header" aria-label={t('appUsersCsv:header.integration')}>
      <dl className="facts">
        <dt>{t('appUsersCsv:header.integration')}</dt>
        <dd>
          {integration ? <Link to={integrationHref(id, 'users')}>{integration.appName}</Link> : DASH}
        </dd>
        <dt>{t('appUsersCsv:header.tenant')}</dt>
        <dd>{integration?.tenantName ?? o?.integratedTenantName ?? DASH}</dd>
        <dt>{t('appUsersCsv:header.accounts')}</dt>
        <dd className="mono">{integration ? formatNumber(i18n.language, integration.accountCount) : DASH}</dd>
        {c && (
          <>
            <dt>{t('appUsersCsv:header.plan')}</dt>
            <dd>{c.planName ?? (c.pricingModel ? DASH : t('appUsersCsv:header.noContract'))}</dd>
            <dt>{t('appUsersCsv:header.pricingModel')}</dt>
            <dd>{c.pricingModel ? t(`appOverview:pricingModel.${c.pricingModel}`) : DASH}</dd>
            <dt>{t('appUsersCsv:header.cycle')}</dt>
            <dd>{cycleText(t, c.billingCycleUnit, c.billingCycleLength)}</dd>
            <dt>{c.pricingModel === 'LINEAR' ? t(`appOverview:contract.unitPrice.${c.unit ?? 'BILLABLE_USER'}`) : t('appOverview:contract.price')}</dt>
            <dd className="mono">{c.priceOfUnitPerBillingCycle !== null && c.currencyCode ? formatCurrency(i18n.language, c.priceOfUnitPerBillingCycle, c.currencyCode) : DASH}</dd>
          </>
        )}
      </dl>
      {o?.isSubordinate && o.parentApp && <p className="muted">{t('appUsersCsv:header.subordinate', { name: o.parentApp.appName })}</p>}
      {overview.error && <p className="muted">{t('appUsersCsv:header.loadFailed')}</p>}
      {/* Said before any upload: the server refuses these imports too. */}
      {integration?.connector === 'SCIM' && (
        <p className="form-error" role="alert">
          {t('appUsersCsv:errors.scimConnected')}
        </p>
      )}
      {integration?.status === 'DEACTIVATED' && (
        <p className="form-error" role="alert">
          {t('software:integrationDeactivated')}
        </p>
      )}
    </section>
  );
}

function integrationTarget(id: string, integration: AppIntegration | undefined, header: ImportTarget['header'], lang: string): ImportTarget {
  const name = integration?.appName ?? '';
  return {
    id: IMPORT_SCOPE_ID,
    queryKey: [IMPORT_SCOPE_ID, id],
    title: (t) => `${name || t('routes:sections.appIntegrations')} / ${t('appUsersCsv:title')}`,
    header,
    uploadHelp: (t) => t('appUsersCsv:uploadHelp'),
    run: (api, body, signal) => api(importAppUsersCsv, { params: { id }, body }, { signal }),
    // The accounts show on the integration's pages, a person's apps and the alerts.
    invalidate: [INTEGRATION_KEY, USERS_KEY, 'person-apps', ...ALERT_QUERY_ROOTS],
    done: { to: integrationHref(id, 'users'), search: { category: 'ALL' }, label: (t) => t('appUsersCsv:toUsers', { name }) },
    commands: ['integrationCsv.exportTemplate', 'integrationCsv.exportCurrent'],
    summaryExtra: (r, t) => {
      const n = r.summary.delete ?? 0;
      return (
        <>
          <li className={n ? 'bad' : undefined}>{t('appUsersCsv:summary.delete', { n: formatNumber(lang, n) })}</li>
          {n > 0 && <li className="bad">{t('appUsersCsv:deleteNotice', { n: formatNumber(lang, n) })}</li>}
        </>
      );
    },
    doneBody: (s, t) => t('appUsersCsv:doneBody', { create: s.create, update: s.update, unchanged: s.unchanged, delete: s.delete ?? 0 }),
  };
}

export function IntegrationImportPane() {
  const { t, i18n } = useTranslation();
  const id = usePaneParams(IMPORT_PAGE).id ?? '';
  const integration = useIntegration(id);
  if (integration.error) {
    return (
      <section className="pane" aria-labelledby="pane-title">
        <h1 id="pane-title" className="pane-title">
          {t('appUsersCsv:title')}
        </h1>
        <p role="alert" className="form-error">
          {integration.error instanceof ApiError ? integration.error.body.message : String(integration.error)}
        </p>
        <Link to="/app-integrations">{t('integrations:backToList')}</Link>
      </section>
    );
  }
  return <ImportCsvWizard target={integrationTarget(id, integration.data, <ImportHeader id={id} integration={integration.data} />, i18n.language)} />;
}
