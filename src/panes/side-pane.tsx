// The side pane: a second page beside the main one (a list and a record, or
// two records). It shows the page of the catalogue that matches its path.
// Record panes are built by the module issues; until then it says plainly
// that the module is not available yet, like the main pane.
import { useTranslation } from 'react-i18next';
import { PAGES, type PageDef } from '../routes/catalogue.js';
import { PagePane } from './page-pane.js';

const matchers = PAGES.map((page) => ({
  page,
  re: new RegExp(`^${page.path.replace(/\$\w+/g, '[^/]+')}$`),
  // Static segments first: /equipment/add before /equipment/$id.
  weight: page.path.split('/').filter((s) => s && !s.startsWith('$')).length,
})).sort((a, b) => b.weight - a.weight);

export function pageForPath(path: string): PageDef | null {
  const pathname = path.split('?')[0] ?? path;
  return matchers.find((m) => m.re.test(pathname))?.page ?? null;
}

export function SidePane({ href, onClose }: { href: string; onClose: () => void }) {
  const { t } = useTranslation();
  const page = pageForPath(href);
  return (
    <aside className="side-pane" data-scope="pane:side" aria-label={t('layout.sidePane')} tabIndex={-1}>
      <div className="side-bar">
        <span className="mono">{href}</span>
        <button type="button" className="link" onClick={onClose}>
          {t('layout.close')}
        </button>
      </div>
      {page ? <PagePane page={page} path={href} /> : <p className="empty-state">{t('notFound.body', { path: href })}</p>}
    </aside>
  );
}
