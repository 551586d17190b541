// The side pane: a second page beside the main one (a list and a record, or
// two records). It shows the page of the catalogue that matches its path.
// Built panes show here too (they read their params from the side pane's
// href); a page whose module is not built says so plainly, as in the main pane.
import { useTranslation } from 'react-i18next';
import { PAGES, type PageDef } from '../routes/catalogue.js';
import { PaneMessages } from './pane-messages.js';
import { PagePane } from './page-pane.js';
import { PanePathContext } from './pane-path.js';
import { PANES } from './registry.js';

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

/** A built pane when there is one (it reads its params from the href), else the plain pane. */
function SidePage({ page, href }: { page: PageDef; href: string }) {
  const Pane = PANES[page.path];
  if (!Pane) return <PagePane page={page} path={href} />;
  return (
    <PanePathContext.Provider value={href}>
      <PaneMessages>
        <Pane />
      </PaneMessages>
    </PanePathContext.Provider>
  );
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
      {page ? <SidePage page={page} href={href} /> : <p className="empty-state">{t('notFound.body', { path: href })}</p>}
    </aside>
  );
}
