// Router-level screens: not found, error, pending (spec 2.1, 8).
import { Link, SearchParamError, useLocation, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A lazily loaded chunk (a pane, a command's body, the palette) that the
 * browser could not fetch or run: the messages of Chromium, Firefox and
 * Safari for a failed dynamic import, and Vite's for a failed preload.
 */
export function isChunkLoadError(e: unknown): boolean {
  const message = e instanceof Error ? e.message : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

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

/** The search keys a page's schema refused (SearchParamError from the
 * router: its cause holds the Standard Schema issues), else null. */
export function refusedSearchKeys(error: unknown): string[] | null {
  if (!(error instanceof SearchParamError)) return null;
  const issues = (error.cause as { issues?: readonly { path?: readonly unknown[] }[] } | undefined)?.issues ?? [];
  const keys = [...new Set(issues.map((i) => String(i.path?.[0] ?? '')).filter(Boolean))];
  return keys.length ? keys : null;
}

/** A failed page's screen: a title, one sentence, the ways on. */
function ErrorPane({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  return (
    <section className="pane" role="alert" aria-labelledby="err-title">
      <h1 id="err-title">{title}</h1>
      <p>{body}</p>
      {children}
    </section>
  );
}

export function ErrorScreen({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  const router = useRouter();
  const back = () => (window.history.length > 1 ? router.history.back() : void router.navigate({ to: '/' }));
  const backButton = (
    <button type="button" onClick={back}>
      {t('error.back')}
    </button>
  );
  // Code that could not be fetched (a deploy replaced this build's chunks,
  // or the connection dropped): only a reload brings it, so say so.
  if (isChunkLoadError(error))
    return (
      <ErrorPane title={t('error.unloadedTitle')} body={t('error.unloadedBody')}>
        <div className="form-actions left">
          <button type="button" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
          {backButton}
        </div>
      </ErrorPane>
    );
  // A page opened without search values it needs (spec 5: a completion page
  // without the added record's ID) says which, instead of a generic failure.
  const missing = refusedSearchKeys(error);
  if (missing)
    return (
      <ErrorPane title={t('error.searchTitle')} body={t('error.searchBody', { keys: missing.join(', ') })}>
        <Link to="/">{t('notFound.home')}</Link>
      </ErrorPane>
    );
  return (
    <ErrorPane title={t('error.title')} body={t('error.body')}>
      {backButton}
    </ErrorPane>
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
