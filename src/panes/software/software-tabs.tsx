// The software section's tab bar: the same links as the registry's (from the
// software module's definition, `list.linkTabs`), then the spec's
// placeholder tabs. The marketplace, the integrations list, people and
// settings show it; `children` adds a page's own sub-tabs (menus, states).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { software } from '../../api/modules/software.js';

export function SoftwareTabs({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav className="tabbar" aria-label={t('routes:sections.software')}>
      {(software.list.linkTabs ?? []).map((l) => (
        <Link key={l.path} to={l.path} className="tab" activeOptions={{ exact: true, includeSearch: false }} activeProps={{ 'aria-current': 'page', className: 'tab active' }}>
          {t(l.label)}
        </Link>
      ))}
      {(software.list.placeholderTabs ?? []).map((tab) => (
        <Link key={tab} to={`/software/${tab}`} className="tab">
          {t(`routes:pages.${tab}`)}
        </Link>
      ))}
      {children}
    </nav>
  );
}
