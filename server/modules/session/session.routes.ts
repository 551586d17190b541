import {
  createMfaEmailChallenge,
  FEATURE_FLAGS,
  getSession,
  patchSessionLocale,
  verifyMfaEmail,
} from '../../../src/api/contracts/session.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, codeMatches, maskEmail, newCode } from '../../auth/codes.js';
import { AppError } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { defineRoute } from '../../http/route.js';
import { queueMail } from '../../mail/outbox.js';

export const sessionRoutes = [
  defineRoute(getSession, async (_input, { tx, auth }) => {
    const org = await tx
      .selectFrom('organizations')
      .where('id', '=', auth.orgId)
      .select(['id', 'name', 'feature_flags'])
      .executeTakeFirstOrThrow();
    const person = auth.personId
      ? await tx
          .selectFrom('people')
          .where('id', '=', auth.personId)
          .select(['id', 'family_name', 'given_name', 'middle_name', 'avatar_url'])
          .executeTakeFirst()
      : undefined;
    return {
      account: { id: auth.accountId, email: auth.email },
      person: person
        ? {
            id: person.id,
            familyName: person.family_name,
            givenName: person.given_name,
            middleName: person.middle_name,
            avatarUrl: person.avatar_url,
          }
        : null,
      organization: { id: org.id, name: org.name },
      locale: auth.locale,
      operatorAccess: auth.operatorAccess,
      individualAccess: auth.individualAccess,
      accessibleScopes: auth.areas,
      featureFlags: { ...FEATURE_FLAGS, ...org.feature_flags },
      mfa: { emailRequired: auth.mfaRequired, verified: !auth.mfaRequired || auth.mfaVerified },
    };
  }),

  defineRoute(patchSessionLocale, async ({ body }, { tx, auth }) => {
    await tx.updateTable('accounts').set({ locale: body.locale, updated_at: new Date() }).where('id', '=', auth.accountId).execute();
    return { ok: true as const };
  }),

  defineRoute(createMfaEmailChallenge, async (_input, { tx, auth }) => {
    const { code, hash } = newCode();
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    await tx
      .insertInto('mfa_challenges')
      .values({
        org_id: auth.orgId,
        account_id: auth.accountId,
        session_key: auth.sessionKey,
        code_hash: hash,
        expires_at: expiresAt,
      })
      .execute();
    await queueMail(tx, auth.orgId, {
      to: auth.email,
      subject: t(auth.locale, 'mail:mfa.subject', { code }),
      text: t(auth.locale, 'mail:mfa.body', { code }),
    });
    return { sentTo: maskEmail(auth.email), expiresAt: expiresAt.toISOString() };
  }),

  defineRoute(verifyMfaEmail, async ({ body }, { tx, auth }) => {
    // Only the newest code of this sign-in counts; requesting a new one voids the old.
    const challenge = await tx
      .selectFrom('mfa_challenges')
      .where('account_id', '=', auth.accountId)
      .where('session_key', '=', auth.sessionKey)
      .orderBy('created_at', 'desc')
      .selectAll()
      .forUpdate()
      .executeTakeFirst();
    if (!challenge || challenge.verified_at) throw new AppError(400, 'MFA_CODE_INVALID', 'MFA_NO_CHALLENGE');
    if (challenge.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(400, 'MFA_TOO_MANY_ATTEMPTS');
    if (challenge.expires_at.getTime() < Date.now()) throw new AppError(400, 'MFA_CODE_EXPIRED');
    if (!codeMatches(challenge.code_hash, body.code)) {
      await tx.updateTable('mfa_challenges').set({ attempts: challenge.attempts + 1 }).where('id', '=', challenge.id).execute();
      const last = challenge.attempts + 1 >= CODE_MAX_ATTEMPTS;
      throw new AppError(400, last ? 'MFA_TOO_MANY_ATTEMPTS' : 'MFA_CODE_INVALID', undefined, {}, undefined, true);
    }
    await tx.updateTable('mfa_challenges').set({ verified_at: new Date() }).where('id', '=', challenge.id).execute();
    return { verified: true as const };
  }),
];
