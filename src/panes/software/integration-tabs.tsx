// The smaller tabs of an app integration: groups (the tenant's groups as
// its connector last read them), detail (what the integration is and where
// its accounts come from), architecture (its registry entry's architecture,
// edited on the software page), rule-and-policy (the rules accounts are
// checked against, each with how many rows break it now). The spec names
// these tabs without their content: this is our design.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { INACTIVE_AFTER_DAYS, type AppIntegration, countIntegrationUsers, listAssignments, listIntegrationGroups } from '../../api/contracts/software.js';
import { CommandButton } from '../../commands/command-button.js';
import { moduleContracts } from '../../api/modules/contracts.js';
import { software } from '../../api/modules/software.js';
import { formatDateTime, formatNumber } from '../../format.js';
import { useServices } from '../../services.js';
import { displayValue, fieldLabel } from '../module/fields.js';
import { INTEGRATION_KEY, IntegrationFrame, integrationHref } from './integration-frame.js';
import { USERS_KEY } from './integration-users.js';

function Groups({ integration }: { integration: AppIntegration }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const id = integration.appIntegrationId;
  const q = useQuery({ queryKey: [INTEGRATION_KEY, id, 'groups'], queryFn: ({ signal }) => api(listIntegrationGroups, { params: { id } }, { signal }) });
  if (!q.data) return null;
  if (!q.data.items.length) return <p className="empty-state">{t('integrations:groups.none')}</p>;
  return (
    <table className="plain-table">
      <caption className="visually-hidden">{t('routes:pages.groups')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('integrations:groups.name')}</th>
          <th scope="col">{t('integrations:groups.members')}</th>
          <th scope="col">{t('integrations:groups.active')}</th>
          <th scope="col">{t('integrations:groups.memberNames')}</th>
        </tr>
      </thead>
      <tbody>
        {q.data.items.map((g) => (
          <tr key={g.name}>
            <th scope="row">{g.name}</th>
            <td className="mono">{formatNumber(i18n.language, g.memberCount)}</td>
            <td className="mono">{formatNumber(i18n.language, g.activeMemberCount)}</td>
            <td>{g.members.map((m) => m.name).join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Detail({ integration: i }: { integration: AppIntegration }) {
  const { t, i18n } = useTranslation();
  const dash = '—';
  return (
    <dl className="record-fields">
      <div>
        <dt>{t('integrations:fields.app')}</dt>
        <dd>{i.appId ? <Link to={`/software/marketplace/${i.appId}`}>{i.appName}</Link> : i.appName}</dd>
      </div>
      <div>
        <dt>{t('integrations:tenant')}</dt>
        <dd>{i.tenantName ?? dash}</dd>
      </div>
      <div>
        <dt>{t('integrations:columns.status')}</dt>
        <dd>{t(`integrations:status.${i.status}`)}</dd>
      </div>
      <div>
        <dt>{t('integrations:fields.connector')}</dt>
        <dd>{i.connector === 'SCIM' ? 'SCIM 2.0' : t('integrations:connection.csvOption')}</dd>
      </div>
      <div>
        <dt>{t('integrations:accounts')}</dt>
        <dd className="mono">{formatNumber(i18n.language, i.accountCount)}</dd>
      </div>
      <div>
        <dt>{t('integrations:refresh.last')}</dt>
        <dd className="mono">{i.refreshedAt ? formatDateTime(i18n.language, i.refreshedAt) : dash}</dd>
      </div>
      <div>
        <dt>{t('integrations:fields.createdAt')}</dt>
        <dd className="mono">{formatDateTime(i18n.language, i.createdAt)}</dd>
      </div>
      <div>
        <dt>{t('integrations:fields.software')}</dt>
        <dd>{i.softwareId ? <Link to={`/software/${i.softwareId}/overview`}>{i.appName}</Link> : dash}</dd>
      </div>
      {i.parentApp && (
        <div>
          <dt>{t('integrations:fields.parent')}</dt>
          <dd>
            <Link to={integrationHref(i.parentApp.appIntegrationId, 'users')}>{i.parentApp.appName}</Link>
          </dd>
        </div>
      )}
    </dl>
  );
}

const ARCHITECTURE_FIELDS = ['deployment', 'authMethod', 'patchStatus', 'compliance', 'environment', 'installMethod', 'dataLocation'] as const;

function Architecture({ integration: i }: { integration: AppIntegration }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const softwareId = i.softwareId;
  const q = useQuery({
    queryKey: ['software', 'get', softwareId],
    queryFn: ({ signal }) => api(moduleContracts(software).get, { params: { softwareId } as never }, { signal }),
    enabled: !!softwareId,
  });
  if (!softwareId) return <p className="empty-state">{t('integrations:noSoftware')}</p>;
  return (
    <>
      <dl className="record-fields">
        {ARCHITECTURE_FIELDS.map((f) => (
          <div key={f}>
            <dt>{fieldLabel(t, software, f)}</dt>
            <dd>{q.data ? displayValue(t, i18n.language, software, f, q.data) || '—' : '…'}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to={`/software/${softwareId}/architecture`}>{t('integrations:editArchitecture')}</Link>
      </p>
    </>
  );
}

const RULES = [
  ['NO_WORKER', 'noWorker'],
  ['VIOLATED', 'violated'],
  ['VIOLATED_ROLE', 'violatedRole'],
  ['NO_USER', 'noUser'],
  ['INACTIVE', 'inactive'],
  ['ALUMNI', 'alumni'],
] as const;

function Assignments({ integration }: { integration: AppIntegration }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = integration.appIntegrationId;
  const q = useQuery({ queryKey: [INTEGRATION_KEY, id, 'assignments'], queryFn: ({ signal }) => api(listAssignments, { params: { id } }, { signal }) });
  return (
    <section className="settings-section" aria-labelledby="assignments-title">
      <h2 id="assignments-title">{t('integrations:assignments.title')}</h2>
      <p className="muted">{t('integrations:assignments.help')}</p>
      <div className="form-actions left">
        <CommandButton id="integration.assign" />
        <CommandButton id="integration.unassign" />
      </div>
      {q.data && q.data.items.length === 0 && <p className="empty-state">{t('integrations:assignments.none')}</p>}
      {q.data && q.data.items.length > 0 && (
        <table className="plain-table">
          <caption className="visually-hidden">{t('integrations:assignments.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('integrations:columns.person')}</th>
              <th scope="col">{t('integrations:columns.email')}</th>
              <th scope="col">{t('integrations:columns.role')}</th>
              <th scope="col">{t('integrations:accounts')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.items.map((a) => (
              <tr key={a.personId}>
                <th scope="row">
                  <Link to={`/person/${a.personId}/apps`}>{a.personName}</Link>
                </th>
                <td>{a.workerEmail ?? '—'}</td>
                <td>{a.roleName ?? t('integrations:anyRole')}</td>
                <td>{a.hasAccount ? '✓' : t('integrations:rule.no-user')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Rules({ integration }: { integration: AppIntegration }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const id = integration.appIntegrationId;
  const counts = useQuery({ queryKey: [USERS_KEY, 'counts', id, null], queryFn: ({ signal }) => api(countIntegrationUsers, { params: { id }, query: {} }, { signal }) });
  return (
    <>
    <table className="plain-table">
      <caption className="visually-hidden">{t('routes:pages.rule-and-policy')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('integrations:rules.rule')}</th>
          <th scope="col">{t('integrations:rules.breaking')}</th>
        </tr>
      </thead>
      <tbody>
        {RULES.map(([category, key]) => (
          <tr key={category}>
            <td>{t(`integrations:rules.${key}`, { days: INACTIVE_AFTER_DAYS })}</td>
            <td className="mono">
              <Link to={`/app-integrations/${id}/users`} search={{ category } as never}>
                {counts.data ? formatNumber(i18n.language, counts.data.counts[category]) : '…'}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    <Assignments integration={integration} />
    </>
  );
}

export const IntegrationGroupsPane = () => <IntegrationFrame tab="groups">{(i) => <Groups integration={i} />}</IntegrationFrame>;
export const IntegrationDetailPane = () => <IntegrationFrame tab="detail">{(i) => <Detail integration={i} />}</IntegrationFrame>;
export const IntegrationArchitecturePane = () => <IntegrationFrame tab="architecture">{(i) => <Architecture integration={i} />}</IntegrationFrame>;
export const IntegrationRulesPane = () => <IntegrationFrame tab="rule-and-policy">{(i) => <Rules integration={i} />}</IntegrationFrame>;
