// /auth/invitation/{code} and /auth/password-reset (spec 2.2). The
// invitation is checked first: 400 or 404 goes to sign-in with
// error=invitation_not_found; any other failure raises "Invitation is invalid".
import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { confirmPasswordReset, requestPasswordReset } from '../api/contracts/auth.js';
import { acceptInvitation, getInvitation } from '../api/contracts/invitations.js';
import { getSession } from '../api/contracts/session.js';
import { useServices } from '../services.js';
import { AuthFrame } from './auth-frame.js';

type Invitee = { email: string; givenName: string; familyName: string; middleName: string | null };

function AuthCard({ title, children, onSubmit }: { title: string; children: ReactNode; onSubmit: (e: FormEvent) => void }) {
  return (
    <AuthFrame>
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby="auth-title" noValidate>
        <h1 id="auth-title">{title}</h1>
        {children}
      </form>
    </AuthFrame>
  );
}

/** Runs a submit: busy while it runs; a failure keeps what was typed and
 * shows the server's field errors and message (in the user's language). */
function useSubmit() {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      await work();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.body.fieldErrors ?? {});
        setMessage(err.body.message);
      } else setMessage(String(err));
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, message, busy, run };
}

function FieldError({ errors }: { errors: string[] | undefined }) {
  return errors?.length ? <p className="form-error">{errors.join(' ')}</p> : null;
}

export function InvitationPane() {
  const { t, i18n } = useTranslation('auth');
  const { api, auth } = useServices();
  const router = useRouter();
  const navigate = useNavigate();
  const { invitationCode } = useParams({ strict: false }) as { invitationCode: string };
  const [invitee, setInvitee] = useState<Invitee | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, setErrors, message, busy, run } = useSubmit();

  useEffect(() => {
    api(getInvitation, { params: { invitationCode } }).then(setInvitee, (e: unknown) => {
      if (e instanceof ApiError && (e.status === 400 || e.status === 404)) {
        void navigate({ to: '/auth/sign-in', search: { error: 'invitation_not_found' } as never, replace: true });
      } else setFailure(new Error('Invitation is invalid'));
    });
  }, [api, invitationCode, navigate]);
  // Surfaces in the router's error screen, like any other failure.
  if (failure) throw failure;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!invitee) return;
    if (password !== confirm) return setErrors({ confirm: [t('invitation.mismatch')] });
    await run(async () => {
      await api(acceptInvitation, { params: { invitationCode }, body: { password } });
      await auth.signIn(invitee.email, password);
      const session = await api(getSession);
      await i18n.changeLanguage(session.locale);
      await router.invalidate();
      await navigate({ href: session.operatorAccess ? '/' : '/individual' });
    });
  }

  if (!invitee) return null;
  const name = [invitee.familyName, invitee.middleName, invitee.givenName].filter(Boolean).join(' ');
  return (
    <AuthCard title={t('invitation.title')} onSubmit={onSubmit}>
      <p>{t('invitation.intro')}</p>
      <dl className="facts">
        <dt>{t('invitation.email')}</dt>
        <dd className="mono">{invitee.email}</dd>
        <dt>{t('invitation.name')}</dt>
        <dd>{name}</dd>
      </dl>
      <label htmlFor="new-password">{t('invitation.password')}</label>
      <input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
      <FieldError errors={errors.password} />
      <label htmlFor="confirm-password">{t('invitation.confirm')}</label>
      <input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <FieldError errors={errors.confirm} />
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {t('invitation.submit')}
      </button>
    </AuthCard>
  );
}

export function PasswordResetPane() {
  const { t } = useTranslation('auth');
  const { api } = useServices();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { errors, message, busy, run } = useSubmit();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      if (!sent) {
        await api(requestPasswordReset, { body: { email: email.trim() } });
        setSent(true);
      } else {
        await api(confirmPasswordReset, { body: { email: email.trim(), code: code.trim(), password } });
        setDone(true);
      }
    });
  }

  if (done) {
    return (
      <AuthCard title={t('reset.title')} onSubmit={(e) => (e.preventDefault(), void navigate({ to: '/auth/sign-in' }))}>
        <p role="status">{t('reset.done')}</p>
        <button type="submit" autoFocus>
          {t('reset.back')}
        </button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.title')} onSubmit={onSubmit}>
      {!sent ? (
        <>
          <p>{t('reset.intro')}</p>
          <label htmlFor="reset-email">{t('signIn.email')}</label>
          <input id="reset-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <FieldError errors={errors.email} />
        </>
      ) : (
        <>
          <p role="status">{t('reset.sent', { email })}</p>
          <label htmlFor="reset-code">{t('reset.code')}</label>
          <input id="reset-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
          <FieldError errors={errors.code} />
          <label htmlFor="reset-password">{t('reset.password')}</label>
          <input id="reset-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <FieldError errors={errors.password} />
        </>
      )}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {sent ? t('reset.submit') : t('reset.send')}
      </button>
    </AuthCard>
  );
}
