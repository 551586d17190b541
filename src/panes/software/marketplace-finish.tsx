// The end of an install (spec 2.3, 4, 8): /software/marketplace/install/finish
// with result success or error. Success with an integration id goes on to the
// integration's page (replacing this entry, so Back returns to the app);
// success without one says so; an error shows errorMessage as given, plus
// signs as spaces, with the ways back focused for the keyboard.
import './marketplace.css';
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETPLACE_PATH } from './marketplace.js';

export function InstallFinishPane() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const search = useSearch({ strict: false }) as { result?: 'success' | 'error'; appIntegrationId?: string; errorMessage?: string };
  const first = useRef<HTMLAnchorElement>(null);
  const redirecting = search.result === 'success' && !!search.appIntegrationId;

  useEffect(() => {
    if (redirecting) void navigate({ href: `/app-integrations/${encodeURIComponent(search.appIntegrationId!)}`, replace: true });
  }, [redirecting, search.appIntegrationId, navigate]);
  useEffect(() => {
    if (!redirecting) first.current?.focus();
  }, [redirecting]);

  if (redirecting) {
    return (
      <section className="pane" aria-labelledby="pane-title">
        <h1 id="pane-title" className="pane-title">
          {t('marketplace:finish.successTitle')}
        </h1>
        <p role="status">{t('marketplace:finish.redirecting')}</p>
      </section>
    );
  }
  if (search.result === 'success') {
    return (
      <section className="pane" aria-labelledby="pane-title">
        <h1 id="pane-title" className="pane-title">
          {t('marketplace:finish.successTitle')}
        </h1>
        <p role="status">{t('marketplace:finish.successBody')}</p>
        <div className="form-actions left">
          <Link ref={first} to="/software/registry" className="button">
            {t('marketplace:finish.toRegistry')}
          </Link>
          <Link to={MARKETPLACE_PATH} className="button secondary">
            {t('marketplace:app.backToMarketplace')}
          </Link>
        </div>
      </section>
    );
  }
  // Spec 8: the message as given, '+' shown as a space.
  const message = search.errorMessage?.replaceAll('+', ' ').trim();
  return (
    <section className="pane" aria-labelledby="pane-title">
      <h1 id="pane-title" className="pane-title">
        {t('marketplace:finish.errorTitle')}
      </h1>
      <p role="alert" className="form-error">
        {message || t('marketplace:finish.errorBody')}
      </p>
      <div className="form-actions left">
        <Link ref={first} to={MARKETPLACE_PATH} className="button">
          {t('marketplace:app.backToMarketplace')}
        </Link>
        <button type="button" className="secondary" onClick={() => router.history.back()}>
          {t('marketplace:finish.back')}
        </button>
      </div>
    </section>
  );
}
