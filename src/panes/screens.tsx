// Router-level screens: not found, error, pending (spec 2.1, 8).
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <section className="pane" aria-labelledby="nf-title">
      <h1 id="nf-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body', { path: location.pathname })}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </section>
  );
}

export function ErrorScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  const back = () => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/' }));
  return (
    <section className="pane" role="alert" aria-labelledby="err-title">
      <h1 id="err-title">{t('error.title')}</h1>
      <p>{t('error.body')}</p>
      <button type="button" onClick={back}>
        {t('error.back')}
      </button>
    </section>
  );
}

export function PendingScreen() {
  const { t } = useTranslation();
  return (
    <div className="pending" role="status" aria-live="polite">
      {t('pending')}
    </div>
  );
}
