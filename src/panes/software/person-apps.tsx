// The apps tab of a person's profile (spec 2.3 People: /person/{id}/apps):
// the person's accounts in every integration, with the same rule columns as
// an integration's users tab, plus the no-user rows of their assignments.
// Built with the software issue: it is where an app account and its person
// meet (an integration's users grid opens it beside the accounts with
// Shift+Enter). The person profile (src/panes/person) shows the grid in its
// own frame on /person/{id}/apps.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.js';
import { listPersonApps, type AppUserRow } from '../../api/contracts/software.js';
import { useServices } from '../../services.js';
import { DataGrid } from '../../tables/data-grid.js';
import { setLayout } from '../layout.js';
import { accountColumns } from './integration-users.js';
import { integrationHref } from './integration-frame.js';

/** The person's accounts grid alone: the person profile's apps tab (src/panes/person) shows it in its frame. */
export function PersonAccountsGrid({ personId }: { personId: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['person-apps', personId],
    queryFn: ({ signal }) => api(listPersonApps, { params: { personId } }, { signal }),
    enabled: !!personId,
    retry: false,
  });
  const href = (r: AppUserRow) => integrationHref(r.appIntegration.appIntegrationId, 'users');
  if (q.error) {
    return (
      <p role="alert" className="form-error">
        {q.error instanceof ApiError ? q.error.body.message : String(q.error)}
      </p>
    );
  }
  if (!q.data) return null;
  return (
    <>
      <DataGrid
        id="person-apps"
        label={t('integrations:personAccounts', { name: q.data.person.name })}
        columns={accountColumns(t, i18n.language, { integration: true })}
        rows={q.data.items}
        getRowId={(r) => `${r.appIntegration.appIntegrationId}:${r.id}`}
        total={q.data.items.length}
        pageIndex={0}
        pageSize={Math.max(1, q.data.items.length)}
        sort={{ column: undefined, direction: 'asc' }}
        loading={q.isFetching}
        onSort={() => undefined}
        onPage={() => undefined}
        onOpen={(r) => void navigate({ href: href(r) })}
        onOpenSide={(r) => setLayout({ side: href(r) })}
      />
      {q.data.items.length === 0 && <p className="empty-state">{t('integrations:noAccounts')}</p>}
    </>
  );
}
