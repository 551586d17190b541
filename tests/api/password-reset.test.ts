import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../support/api.js';
import { confirmPasswordReset, requestPasswordReset } from '../../src/api/contracts/auth.js';
import { createTestServer, PASSWORD, type TestServer } from '../support/app.js';
import { signIn } from '../support/cognito.js';
import { listMails, waitForMail } from '../support/maildev.js';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s?.close());

const fail = apiFailure;

describe('password reset by mailed code', () => {
  it('sets a new password with the code, once', async () => {
    const acc = await s.createAccount({ orgId: await s.createOrg(), locale: 'en-US', signIn: false });
    const anon = s.client(null, 'en-US');
    expect(await anon(requestPasswordReset, { body: { email: acc.email.toUpperCase() } })).toEqual({ ok: true });
    await s.worker.drain();
    const mail = await waitForMail(s.maildevUrl, (m) => m.to.includes(acc.email) && m.subject.includes('password reset'));
    const code = mail.subject.match(/(\d{6})/)![1]!;
    expect(mail.text).toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await fail(anon(confirmPasswordReset, { body: { email: acc.email, code: wrong, password: 'New-passw0rd!' } }));
    expect([bad.status, bad.body.message]).toEqual([400, 'The reset code is not correct.']);
    const weak = await fail(anon(confirmPasswordReset, { body: { email: acc.email, code, password: 'weak' } }));
    expect(Object.keys(weak.body.fieldErrors ?? {})).toEqual(['password']);

    expect(await anon(confirmPasswordReset, { body: { email: acc.email, code, password: 'New-passw0rd!' } })).toEqual({ ok: true });
    await expect(signIn({ ...s.cognito, email: acc.email, password: PASSWORD })).rejects.toThrow();
    expect((await signIn({ ...s.cognito, email: acc.email, password: 'New-passw0rd!' })).accessToken).toBeTruthy();

    const reused = await fail(anon(confirmPasswordReset, { body: { email: acc.email, code, password: 'Third-passw0rd!' } }));
    expect(reused.body.code).toBe('RESET_CODE_INVALID');
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = `nobody-${Date.now()}@daicho.test`;
    expect(await s.client(null)(requestPasswordReset, { body: { email } })).toEqual({ ok: true });
    await s.worker.drain();
    expect((await listMails(s.maildevUrl)).filter((m) => m.to.includes(email))).toEqual([]);
  });
});
