import { sql } from 'kysely';
import { confirmPasswordReset, getAuthConfig, requestPasswordReset } from '../../../src/api/contracts/auth.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, codeMatches, newCode } from '../../auth/codes.js';
import type { Tx } from '../../db/tenant.js';
import { AppError } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { defineRoute } from '../../http/route.js';
import { queueMail } from '../../mail/outbox.js';

/** The account with this address, its organisation now in scope; null if none. */
async function accountByEmail(tx: Tx, email: string) {
  const found = await sql<{ account_id: string; org_id: string }>`SELECT * FROM account_by_email(${email})`.execute(tx);
  const ids = found.rows[0];
  if (!ids) return null;
  await sql`SELECT set_config('app.org_id', ${ids.org_id}, true)`.execute(tx);
  return tx.selectFrom('accounts').where('id', '=', ids.account_id).selectAll().executeTakeFirstOrThrow();
}

const invalid = () => new AppError(400, 'RESET_CODE_INVALID');

export const authRoutes = [
  defineRoute(getAuthConfig, async (_i, { deps }) => {
    const c = deps.config;
    return {
      region: c.COGNITO_REGION,
      userPoolId: c.COGNITO_USER_POOL_ID ?? '',
      clientId: c.COGNITO_CLIENT_ID ?? '',
      endpoint: c.COGNITO_ENDPOINT ?? null,
      authFlow: c.COGNITO_AUTH_FLOW,
    };
  }),

  defineRoute(requestPasswordReset, async ({ body }, { tx }) => {
    const account = await accountByEmail(tx, body.email);
    // Same answer whether or not the address is known: no account discovery.
    if (!account?.cognito_sub) return { ok: true as const };
    const { code, hash } = newCode();
    await tx
      .insertInto('password_reset_codes')
      .values({ org_id: account.org_id, account_id: account.id, code_hash: hash, expires_at: new Date(Date.now() + CODE_TTL_MS) })
      .execute();
    await queueMail(tx, account.org_id, {
      to: account.email,
      subject: t(account.locale, 'mail:passwordReset.subject', { code }),
      text: t(account.locale, 'mail:passwordReset.body', { code }),
    });
    return { ok: true as const };
  }),

  defineRoute(confirmPasswordReset, async ({ body }, { tx, deps }) => {
    const account = await accountByEmail(tx, body.email);
    if (!account) throw invalid();
    const reset = await tx
      .selectFrom('password_reset_codes')
      .where('account_id', '=', account.id)
      .orderBy('created_at', 'desc')
      .selectAll()
      .forUpdate()
      .executeTakeFirst();
    if (!reset || reset.used_at) throw invalid();
    if (reset.attempts >= CODE_MAX_ATTEMPTS) throw new AppError(400, 'RESET_TOO_MANY_ATTEMPTS');
    if (new Date(reset.expires_at).getTime() < Date.now()) throw new AppError(400, 'RESET_CODE_EXPIRED');
    if (!codeMatches(reset.code_hash, body.code)) {
      await tx.updateTable('password_reset_codes').set({ attempts: reset.attempts + 1 }).where('id', '=', reset.id).execute();
      const last = reset.attempts + 1 >= CODE_MAX_ATTEMPTS;
      throw new AppError(400, last ? 'RESET_TOO_MANY_ATTEMPTS' : 'RESET_CODE_INVALID', undefined, {}, undefined, true);
    }
    await deps.identity.setPassword(account.email, body.password);
    await tx.updateTable('password_reset_codes').set({ used_at: new Date() }).where('id', '=', reset.id).execute();
    return { ok: true as const };
  }),
];
