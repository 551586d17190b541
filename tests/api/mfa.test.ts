import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../support/api.js';
import { AREAS } from '../../src/api/contracts/define.js';
import { createMfaEmailChallenge, getSession, verifyMfaEmail } from '../../src/api/contracts/session.js';
import { getMfaSettings, patchMfaEmail } from '../../src/api/contracts/settings.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { signIn } from '../support/cognito.js';
import { waitForMail } from '../support/maildev.js';

let s: TestServer;
let admin: TestAccount;
let orgId: string;

const fail = apiFailure;

async function mailedCode(email: string, after: number): Promise<string> {
  await s.worker.drain();
  const mail = await waitForMail(s.maildevUrl, (m) => m.to.includes(email) && new Date(m.date).getTime() >= after - 1000 && /\d{6}/.test(m.subject));
  return mail.subject.match(/(\d{6})/)![1]!;
}

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  admin = await s.createAccount({ orgId, areas: [...AREAS] });
});
afterAll(() => s?.close());

describe('e-mail MFA', () => {
  it('once switched on, a sign-in must enter the mailed code before any other call', async () => {
    const c = s.client(admin.token);
    expect(await c(getMfaSettings)).toEqual({ email: { enabled: false } });
    expect(await c(patchMfaEmail, { body: { enabled: true } })).toEqual({ email: { enabled: true } });
    // The administrator who switched it on keeps working in this sign-in.
    expect((await c(getSession)).mfa).toEqual({ emailRequired: true, verified: true });

    // A new sign-in owes a code before any other call.
    const again = await signIn({ ...s.cognito, email: admin.email, password: 'Test-passw0rd!' });
    const n = s.client(again.accessToken);
    const blocked = await fail(n(getSession));
    expect([blocked.status, blocked.body.code]).toEqual([401, 'MFA_REQUIRED']);
    expect(blocked.body.message).toContain('確認コード');
    expect((await fail(n(getMfaSettings))).body.code).toBe('MFA_REQUIRED');

    const t0 = Date.now();
    const challenge = await n(createMfaEmailChallenge);
    expect(challenge.sentTo).toMatch(/^t\*\*\*@daicho\.test$/);
    const expiresIn = new Date(challenge.expiresAt).getTime() - t0;
    expect(expiresIn).toBeGreaterThan(9.5 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 1000);
    const code = await mailedCode(admin.email, t0);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await fail(n(verifyMfaEmail, { body: { code: wrong } }));
    expect([bad.status, bad.body.code]).toEqual([400, 'MFA_CODE_INVALID']);
    const malformed = await fail(n(verifyMfaEmail, { body: { code: '12ab' } }));
    expect(malformed.body.fieldErrors).toEqual({ code: ['6桁のコードを入力してください。'] });

    expect(await n(verifyMfaEmail, { body: { code } })).toEqual({ verified: true });
    expect((await n(getSession)).mfa).toEqual({ emailRequired: true, verified: true });
    await n(patchMfaEmail, { body: { enabled: false } });
  });

  it('allows 5 tries per code and expires codes after 10 minutes', async () => {
    const user = await s.createAccount({ orgId, locale: 'en-US' });
    await s.db.updateTable('organizations').set({ mfa_email_enabled: true }).where('id', '=', orgId).execute();
    const c = s.client(user.token);
    const t0 = Date.now();
    await c(createMfaEmailChallenge);
    const code = await mailedCode(user.email, t0);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await fail(c(verifyMfaEmail, { body: { code: wrong } }))).body.code);
    expect(codes).toEqual(['MFA_CODE_INVALID', 'MFA_CODE_INVALID', 'MFA_CODE_INVALID', 'MFA_CODE_INVALID', 'MFA_TOO_MANY_ATTEMPTS']);
    const locked = await fail(c(verifyMfaEmail, { body: { code } }));
    expect(locked.body).toMatchObject({ code: 'MFA_TOO_MANY_ATTEMPTS', message: 'Too many wrong codes. Request a new one.' });

    const t1 = Date.now();
    await c(createMfaEmailChallenge);
    const code2 = await mailedCode(user.email, t1);
    await s.db
      .updateTable('mfa_challenges')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('account_id', '=', user.accountId)
      .where('verified_at', 'is', null)
      .execute();
    expect((await fail(c(verifyMfaEmail, { body: { code: code2 } }))).body.code).toBe('MFA_CODE_EXPIRED');
    await s.db.updateTable('organizations').set({ mfa_email_enabled: false }).where('id', '=', orgId).execute();
    expect((await c(getSession)).mfa.emailRequired).toBe(false);
  });
});
