// The integrations of one app or one piece of software, as a small table
// (tenant → its integration page, status, accounts): the marketplace's app
// page and the software overview show it.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../format.js';

export interface IntegrationLine {
  appIntegrationId: string;
  appName: string;
  tenantName: string | null;
  status: 'ACTIVE' | 'DEACTIVATED';
  accountCount: number;
}

export function IntegrationsTable({ items, labelledBy }: { items: readonly IntegrationLine[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="plain-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{t('marketplace:app.tenant')}</th>
          <th scope="col">{t('marketplace:app.status')}</th>
          <th scope="col">{t('marketplace:app.accounts')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.appIntegrationId}>
            <td>
              <Link to={`/app-integrations/${i.appIntegrationId}`}>{i.tenantName || i.appName}</Link>
            </td>
            <td>{t(`marketplace:integrationStatus.${i.status}`)}</td>
            <td className="num">{formatNumber(i18n.language, i.accountCount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
