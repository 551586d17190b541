// A device, read-only, where a person's devices tab opens it (Enter, or
// Shift+Enter beside the profile): /profile/device/{id}/status. The devices
// module (profile, MDM, control, lifecycle) is not built yet; this pane says
// so and shows what the people data knows: the device and who held it when.
// Who held a device is people data (the HR area's); without HR the page is
// the plain "not built yet" pane it was.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { PERSON_KEY, getDeviceHolders } from '../../api/contracts/person.js';
import { formatDate } from '../../format.js';
import { CommandsContext } from '../../commands/command-button.js';
import { useServices } from '../../services.js';
import { PlainTable } from '../../tables/plain-table.js';
import { PagePane } from '../page-pane.js';
import { usePanePath, usePaneParams } from '../pane-path.js';
import { pageForPath } from '../side-pane.js';

export function DevicePane() {
  const hr = useContext(CommandsContext)?.ctx.can('HR') ?? false;
  const { pathname, side } = usePanePath();
  const page = pageForPath(pathname);
  if (!hr && page) return <PagePane page={page} {...(side ? { path: pathname } : {})} />;
  return <DeviceSummary />;
}

function DeviceSummary() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { side } = usePanePath();
  const { id = '' } = usePaneParams('/profile/device/$id/status');
  const q = useQuery({
    queryKey: [PERSON_KEY, 'device', id],
    queryFn: ({ signal }) => api(getDeviceHolders, { params: { deviceId: id } }, { signal }),
    enabled: !!id,
    retry: false,
  });
  const titleId = side ? 'side-pane-title' : 'pane-title';
  const d = q.data?.device;
  const date = (v: string | null) => (v ? formatDate(i18n.language, v) : '—');
  return (
    <section className="pane record" aria-labelledby={titleId} aria-busy={!q.data && !q.error} data-scope="pane:device-summary">
      <h1 id={titleId} className="pane-title record-title">
        <span className="muted">{t('routes:sections.devices')} /</span> {d ? d.name : '…'}
      </h1>
      {q.error && (
        <p role="alert" className="form-error">
          {q.error instanceof ApiError ? q.error.body.message : String(q.error)}
        </p>
      )}
      {d && q.data && (
        <>
          <p className="muted">{t('person:devices.readOnly')}</p>
          <dl className="record-fields">
            <div>
              <dt>{t('person:devices.columns.genre')}</dt>
              <dd>{t(`person:devices.genres.${d.genre}`)}</dd>
            </div>
            <div>
              <dt>{t('person:devices.columns.model')}</dt>
              <dd>{d.model ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('person:devices.columns.deviceTag')}</dt>
              <dd className="mono">{d.deviceTag ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('person:devices.columns.serialNumber')}</dt>
              <dd className="mono">{d.serialNumber ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('person:equipment.columns.assetTag')}</dt>
              <dd className="mono">{d.assetTag ?? '—'}</dd>
            </div>
          </dl>
          <h2>{t('person:devices.holders')}</h2>
          {q.data.items.length === 0 ? (
            <p className="empty-state">{t('person:devices.noHolders')}</p>
          ) : (
            <PlainTable
              className="plain-table"
              caption={t('person:devices.holders')}
              rows={q.data.items}
              rowKey={(h) => h.assignmentId}
              columns={[
                { header: t('person:fields.personId'), rowHeader: true, cell: (h) => <Link to={`/person/${h.personId}/devices`}>{h.personName}</Link> },
                { header: t('person:devices.columns.workerType'), cell: (h) => t(`common:workerTypes.${h.workerType}`) },
                { header: t('person:devices.columns.assignedOn'), className: 'mono', cell: (h) => date(h.assignedOn) },
                { header: t('person:devices.columns.returnedOn'), className: 'mono', cell: (h) => date(h.returnedOn) },
                { header: t('person:devices.columns.state'), cell: (h) => (h.isCurrent ? t('person:state.now') : t('person:state.before')) },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
