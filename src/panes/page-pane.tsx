// The pane of a page whose module is not built yet, or of a tab the spec
// leaves empty. Module issues replace these with real panes.
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PageDef } from '../routes/catalogue.js';
import { pageTitle } from '../routes/titles.js';

export function PagePane({ page, path }: { page: PageDef; path?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const title = pageTitle(t, page);
  const id = path ? 'side-pane-title' : 'pane-title';
  return (
    <section className="pane" aria-labelledby={id}>
      <h1 id={id} className="pane-title">
        {title}
      </h1>
      {page.kind === 'placeholder' ? (
        <p className="empty-state">{t('placeholder.body')}</p>
      ) : (
        <div className="not-built" role="status">
          <p>{t('notBuilt.body')}</p>
          <p className="mono">{t('notBuilt.route', { path: path ?? location.pathname })}</p>
        </div>
      )}
    </section>
  );
}
