// The shadow-IT ingestion token dialog: the status (hint, issue time, where
// detectors send visits, a curl example), or a token just made, shown this
// once with a copy button. Opened by the commands appAlerts.showToken and
// appAlerts.rotateToken (src/commands/app-alerts.commands.ts) through
// alerts-store.ts; the shadow-IT panes mount it.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getIngestionToken } from '../../api/contracts/app-alerts.js';
import { formatDateTime } from '../../format.js';
import { useServices } from '../../services.js';
import { Modal, useDialogs } from '../dialogs.js';
import { useRunCommand } from '../../commands/command-button.js';
import { TOKEN_KEY, tokenDialog } from './alerts-store.js';

const close = () => tokenDialog.set(null);


export function IngestionTokenDialog() {
  const open = tokenDialog.use();
  const { t, i18n } = useTranslation('appAlerts');
  const { api } = useServices();
  const dialogs = useDialogs();
  const run = useRunCommand();
  const status = useQuery({
    queryKey: [TOKEN_KEY],
    queryFn: ({ signal }) => api(getIngestionToken, {}, { signal }),
    enabled: open !== null,
  });
  if (!open) return null;
  const endpoint = `${window.location.origin}${status.data?.ingestPath ?? '/v2/shadow-it/visits'}`;
  const shown = open.token ?? '<token>';
  const example = `curl -X POST ${endpoint} \\\n  -H 'Authorization: Bearer ${shown}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"events":[{"eventId":"1","visitedAt":"${new Date().toISOString()}","userEmail":"someone@example.com","url":"https://chatgpt.com/","detectionTool":"proxy-log"}]}'`;
  return (
    <Modal labelledBy="ingestion-token-title" onCancel={close}>
      <h2 id="ingestion-token-title">{open.token ? t('ingestion.newTitle') : t('ingestion.title')}</h2>
      <p>{t('ingestion.intro')}</p>
      {open.token && (
        <>
          <p role="alert">{t('ingestion.shownOnce')}</p>
          <input className="mono" readOnly value={open.token} aria-label={t('ingestion.hint')} onFocus={(e) => e.currentTarget.select()} style={{ width: '100%' }} />
        </>
      )}
      <dl>
        <dt>{t('ingestion.endpoint')}</dt>
        <dd className="mono">POST {endpoint}</dd>
        {!open.token && (
          <>
            <dt>{t('ingestion.hint')}</dt>
            <dd className="mono">{status.data ? (status.data.exists ? `${status.data.hint}…` : t('ingestion.none')) : '…'}</dd>
            {status.data?.createdAt && (
              <>
                <dt>{t('ingestion.createdAt')}</dt>
                <dd>{formatDateTime(i18n.language, status.data.createdAt)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      <p>{t('ingestion.example')}</p>
      <pre className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>
        {example}
      </pre>
      <div className="form-actions">
        {open.token ? (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void navigator.clipboard?.writeText(open.token!).then(
                () => dialogs.toast({ description: t('ingestion.copied') }),
                () => undefined,
              )
            }
          >
            {t('ingestion.copy')}
          </button>
        ) : (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              close();
              run('appAlerts.rotateToken');
            }}
          >
            {status.data?.exists ? t('ingestion.rotate') : t('ingestion.issue')}
          </button>
        )}
        <button type="button" data-autofocus onClick={close}>
          {t('ingestion.close')}
        </button>
      </div>
    </Modal>
  );
}
