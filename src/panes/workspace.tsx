// The staff workspace: the page on top, a status line below (route, locale,
// user). Foundation II grows it into split panes, palette and breadcrumbs.
import { useLocation, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../services.js';

export function Workspace({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('auth');
  const { auth } = useServices();
  const location = useLocation();
  const router = useRouter();
  const signOut = async () => {
    auth.signOut();
    await router.invalidate();
    await router.navigate({ to: '/auth/sign-in' });
  };
  return (
    <div className="workspace">
      <header className="topbar">
        <span className="brand">台帳 Daicho</span>
        <button type="button" className="link" onClick={signOut}>
          {t('signOut')}
        </button>
      </header>
      <main className="content">{children}</main>
      <footer className="statusline" aria-label="status">
        <span className="mono">{location.pathname}</span>
        <span className="mono">{i18n.language}</span>
      </footer>
    </div>
  );
}
