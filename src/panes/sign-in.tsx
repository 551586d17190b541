// /auth/sign-in: e-mail and password against the pool, then the e-mail code
// when the organisation requires it, or straight after the password when the
// link asks for it (mfa_method=email, spec 2.2: e.g. a link from the MFA
// settings or a mail that wants this sign-in verified by e-mail); on success,
// back to `redirect` or home.
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { createMfaEmailChallenge, getSession, verifyMfaEmail } from '../api/contracts/session.js';
import { loadCognito } from '../auth/session.js';
import { saveSessionLocale, takeChosenLocale } from '../i18n.js';
import { useServices } from '../services.js';
import { AuthFrame } from './auth-frame.js';

export function SignInPane() {
  const { t, i18n } = useTranslation('auth');
  const { auth, api } = useServices();
  const router = useRouter();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string; error?: string; mfa_method?: 'email' };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [mfaSentTo, setMfaSentTo] = useState<string | null>(null);
  // The link's own error shows until the first submit, in the language on screen.
  const [error, setError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState(search.error === 'invitation_not_found');
  // The sign-in library loads while the user types, not when they submit.
  useEffect(() => void loadCognito().catch(() => undefined), []);
  const [busy, setBusy] = useState(false);

  async function finish() {
    let session = await api(getSession);
    // A language picked on these screens before signing in is the user's
    // choice now: saved to the session (their next sign-in anywhere opens in it).
    const chosen = takeChosenLocale();
    if (chosen && chosen !== session.locale) session = await saveSessionLocale(api, chosen);
    await i18n.changeLanguage(session.locale);
    await router.invalidate();
    // An individual-only account's home is the individual area.
    const home = session.operatorAccess ? '/' : '/individual';
    await navigate({ href: search.redirect?.startsWith('/') ? search.redirect : home });
  }

  async function sendEmailCode() {
    const challenge = await api(createMfaEmailChallenge);
    setMfaSentTo(challenge.sentTo);
  }

  async function afterPassword() {
    // The link names the e-mail method: the code step follows the password
    // without first asking whether the organisation requires it.
    if (search.mfa_method === 'email') return sendEmailCode();
    try {
      await finish();
    } catch (e) {
      if (e instanceof ApiError && e.body.code === 'MFA_REQUIRED') return sendEmailCode();
      throw e;
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setLinkError(false);
    try {
      if (mfaSentTo) {
        await api(verifyMfaEmail, { body: { code } });
        await finish();
      } else {
        await auth.signIn(email.trim(), password);
        await afterPassword();
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.body.message : t('signIn.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthFrame>
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby="sign-in-title" noValidate>
        <h1 id="sign-in-title">{mfaSentTo ? t('mfa.title') : t('signIn.title')}</h1>
        {mfaSentTo ? (
          <>
            <p>{t('mfa.sent', { to: mfaSentTo })}</p>
            <label htmlFor="mfa-code">{t('mfa.code')}</label>
            <input
              id="mfa-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
            />
          </>
        ) : (
          <>
            <label htmlFor="email">{t('signIn.email')}</label>
            <input id="email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus required />
            <label htmlFor="password">{t('signIn.password')}</label>
            <input
              id="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </>
        )}
        {(error ?? linkError) && (
          <p className="form-error" role="alert">
            {error ?? t('signIn.invitationNotFound')}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('signIn.submitting') : mfaSentTo ? t('mfa.submit') : t('signIn.submit')}
        </button>
        {!mfaSentTo && <Link to="/auth/password-reset">{t('reset.link')}</Link>}
      </form>
    </AuthFrame>
  );
}
