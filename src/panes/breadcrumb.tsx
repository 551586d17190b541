// The breadcrumb (spec 9): at most 3 items; a longer trail keeps the first
// and the last and folds the middle into a menu. The trail is the current
// page's section, then every catalogue page the path passes through.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '../routes/titles.js';
import { pageForPath } from './side-pane.js';

export interface Crumb {
  label: string;
  href: string | null;
}

export function trailFor(pathname: string, t: Parameters<typeof pageTitle>[0]): Crumb[] {
  const page = pageForPath(pathname);
  if (!page) return [];
  const crumbs: Crumb[] = [{ label: t(`routes:sections.${page.section}`), href: null }];
  const parts = pathname.split('/').filter(Boolean);
  const pattern = page.path.split('/').filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const href = `/${parts.slice(0, i).join('/')}`;
    const p = pageForPath(href);
    if (!p || !p.page || (p.section !== page.section && href !== pathname)) continue;
    // '/equipment/settings' on the way to '/equipment/settings/equipment-types'
    // is a word of the path, not the id of '/equipment/$id'.
    const through = p.path.split('/').filter(Boolean);
    if (href !== pathname && through.some((seg, j) => seg.startsWith('$') && !pattern[j]?.startsWith('$'))) continue;
    crumbs.push({ label: t(`routes:pages.${p.page}`), href: href === pathname ? null : href });
  }
  return crumbs;
}

export const MAX_CRUMBS = 3;

export function Breadcrumb({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const trail = trailFor(pathname, t);
  if (trail.length === 0) return null;
  const folded = trail.length > MAX_CRUMBS ? trail.slice(1, -1) : [];
  const shown = trail.length > MAX_CRUMBS ? [trail[0]!, null, trail.at(-1)!] : trail;
  return (
    <nav aria-label={t('layout.breadcrumb')} className="breadcrumb">
      <ol>
        {shown.map((c, i) =>
          c === null ? (
            <li key="more">
              <details className="crumb-menu">
                <summary aria-label={t('layout.moreCrumbs')}>…</summary>
                <ul>
                  {folded.map((f) => (
                    <li key={f.label}>{f.href ? <Link to={f.href}>{f.label}</Link> : f.label}</li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={`${i}-${c.label}`} aria-current={i === shown.length - 1 ? 'page' : undefined}>
              {c.href ? <Link to={c.href}>{c.label}</Link> : c.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
