// /individual: the individual area's home (spec 2.3). It greets the signed-in
// person and holds their own tasks and operation packages; those lists come
// with the operations module, so until then the area says so plainly rather
// than showing anything made up.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { getSession, type Session } from '../api/contracts/session.js';
import { useServices } from '../services.js';

export const sessionQueryKey = ['session'] as const;

/** 'Suzuki Ichiro' as the organisation records it (family name first), or the e-mail without a person. */
export function personName(session: Pick<Session, 'person' | 'account'>): string {
  const p = session.person;
  if (!p) return session.account.email;
  return [p.familyName, p.middleName, p.givenName].filter(Boolean).join(' ');
}

export function IndividualHomePane() {
  const { t } = useTranslation();
  const { api } = useServices();
  const session = useQuery({ queryKey: sessionQueryKey, queryFn: () => api(getSession) });

  return (
    <section className="pane individual-home" aria-labelledby="pane-title">
      <h1 id="pane-title" className="pane-title">
        {t('routes:sections.individual')}
      </h1>
      {session.data ? (
        <p className="individual-person">{t('individual.welcome', { name: personName(session.data) })}</p>
      ) : session.error ? (
        <p className="form-error" role="alert">
          {session.error instanceof ApiError ? session.error.body.message : t('error.body')}
        </p>
      ) : (
        <p className="pending">{t('pending')}</p>
      )}
      <section className="individual-area" aria-labelledby="individual-work-title">
        <h2 id="individual-work-title">{t('individual.work')}</h2>
        <p className="empty-state" role="status">
          {t('individual.workLater')}
        </p>
      </section>
    </section>
  );
}
