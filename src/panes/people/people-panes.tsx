// The people lists' chunk (registered in src/panes/registry.tsx): the
// workforce, the alumni, and the spec's placeholder tabs of /people, which
// keep the section's tab bar above the plain empty state.
import { useTranslation } from 'react-i18next';
import { pageTitle } from '../../routes/titles.js';
import { PeopleTabs } from './people-tabs.js';

export { AlumniPane, WorkforcePane } from './people-lists.js';

export function PeoplePlaceholderPane({ tab }: { tab: string }) {
  const { t } = useTranslation();
  return (
    <section className="pane" aria-labelledby="pane-title">
      <h1 id="pane-title" className="pane-title">
        {pageTitle(t, { section: 'people', page: tab })}
      </h1>
      <PeopleTabs />
      <p className="empty-state">{t('placeholder.body')}</p>
    </section>
  );
}
