// The software settings tab (spec 2.3 Software "settings"; its content is
// not shown): what applies to every app at once — refreshing every
// integration's accounts, the shadow-IT ingestion token detectors send
// visits with, and the account rules' fixed thresholds.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INACTIVE_AFTER_DAYS, REFRESH_POLL_MS, refreshResourcesAllStatus } from '../../api/contracts/software.js';
import { CommandButton } from '../../commands/command-button.js';
import { useServices } from '../../services.js';
import { IngestionTokenDialog } from './alerts-token.js';
import { INTEGRATION_KEY } from './integration-frame.js';
import { SoftwareTabs } from './software-tabs.js';

export function SoftwareSettingsPane() {
  const { t } = useTranslation();
  const { api } = useServices();
  const status = useQuery({
    queryKey: [INTEGRATION_KEY, 'refresh-all-status'],
    queryFn: ({ signal }) => api(refreshResourcesAllStatus, {}, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'IN_PROGRESS' ? REFRESH_POLL_MS : false),
    refetchOnWindowFocus: true,
  });
  return (
    <section className="pane" aria-labelledby="pane-title" data-scope="pane:integrations" tabIndex={-1}>
      <h1 id="pane-title" className="pane-title">
        {t('routes:sections.software')} / {t('routes:pages.settings')}
      </h1>
      <SoftwareTabs />
      <section className="settings-section" aria-labelledby="software-settings-refresh">
        <h2 id="software-settings-refresh">{t('integrations:softwareSettings.refresh')}</h2>
        <p className="muted">{t('integrations:softwareSettings.refreshHelp')}</p>
        <p role="status" aria-live="polite">
          {status.data?.status === 'IN_PROGRESS' ? t('integrations:refresh.allInProgress', { count: status.data.inProgress }) : t('integrations:softwareSettings.idle')}
        </p>
        <div className="form-actions left">
          <CommandButton id="integrations.refreshAll" />
        </div>
      </section>
      <section className="settings-section" aria-labelledby="software-settings-ingestion">
        <h2 id="software-settings-ingestion">{t('integrations:softwareSettings.ingestion')}</h2>
        <p className="muted">{t('integrations:softwareSettings.ingestionHelp')}</p>
        <div className="form-actions left">
          <CommandButton id="appAlerts.showToken" />
          <CommandButton id="appAlerts.rotateToken" />
        </div>
      </section>
      <section className="settings-section" aria-labelledby="software-settings-rules">
        <h2 id="software-settings-rules">{t('integrations:softwareSettings.rules')}</h2>
        <p>{t('integrations:rules.inactive', { days: INACTIVE_AFTER_DAYS })}</p>
        <p className="muted">{t('integrations:softwareSettings.rulesHelp')}</p>
      </section>
      <IngestionTokenDialog />
    </section>
  );
}
