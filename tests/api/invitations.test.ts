import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.js';
import { apiFailure } from '../support/api.js';
import { AREAS } from '../../src/api/contracts/define.js';
import { acceptInvitation, createInvitation, getInvitation, listAccounts, revokeInvitation } from '../../src/api/contracts/invitations.js';
import { getSession } from '../../src/api/contracts/session.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { signIn } from '../support/cognito.js';
import { waitForMail } from '../support/maildev.js';

let s: TestServer;
let admin: TestAccount;
let orgId: string;

async function invite(email: string, kind: 'OPERATOR' | 'INDIVIDUAL' = 'OPERATOR') {
  const res = await s.client(admin.token)(createInvitation, {
    body: { kind, email, givenName: '花子', familyName: '山田', middleName: 'M' },
  });
  const row = await s.db.selectFrom('invitations').where('id', '=', res.id).select('code').executeTakeFirstOrThrow();
  return { ...res, code: row.code };
}

const apiError = apiFailure;

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg('招待テスト株式会社');
  admin = await s.createAccount({ orgId, areas: [...AREAS] });
});
afterAll(() => s?.close());

describe('invitations', () => {
  it('creating one mails a link to /auth/invitation/{code} and lists it', async () => {
    const email = `invitee-${Date.now()}@daicho.test`;
    const inv = await invite(email);
    expect(new Date(inv.expiresAt).getTime() - new Date(inv.invitedAt).getTime()).toBe(7 * 86_400_000);
    await s.worker.drain();
    const mail = await waitForMail(s.maildevUrl, (m) => m.to.includes(email));
    expect(mail.subject).toContain('招待テスト株式会社');
    expect(mail.text).toContain(`http://127.0.0.1:8080/auth/invitation/${inv.code}`);
    const list = await s.client(admin.token)(listAccounts, { query: { type: 'OPERATOR_INVITATION' } });
    expect(list.items.find((i) => i.email === email)).toMatchObject({ expired: false, name: '山田 花子' });
  });

  it('GET by code answers the invitee; unknown 404; expired and used 400', async () => {
    const anon = s.client(null, 'en-US');
    const inv = await invite(`g-${Date.now()}@daicho.test`);
    expect(await anon(getInvitation, { params: { invitationCode: inv.code } })).toEqual({
      email: expect.stringMatching(/^g-/),
      givenName: '花子',
      familyName: '山田',
      middleName: 'M',
    });
    const unknown = await apiError(anon(getInvitation, { params: { invitationCode: 'no-such-code' } }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This invitation does not exist.');

    const old = await invite(`old-${Date.now()}@daicho.test`);
    await s.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', old.id).execute();
    const expired = await apiError(anon(getInvitation, { params: { invitationCode: old.code } }));
    expect([expired.status, expired.body.code]).toEqual([400, 'INVITATION_EXPIRED']);
    const list = await s.client(admin.token)(listAccounts, { query: { type: 'OPERATOR_INVITATION' } });
    expect(list.items.find((i) => i.id === old.id)?.expired).toBe(true);
  });

  it('accepting creates the pool user and the membership exactly once', async () => {
    const email = `acc-${Date.now()}@daicho.test`;
    const inv = await invite(email, 'INDIVIDUAL');
    const anon = s.client(null, 'ja-JP');
    const weak = await apiError(anon(acceptInvitation, { params: { invitationCode: inv.code }, body: { password: 'short' } }));
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors?.password?.[0]).toContain('8文字以上');

    // Two accepts at once: one wins, the other sees the invitation used.
    const results = await Promise.allSettled([
      anon(acceptInvitation, { params: { invitationCode: inv.code }, body: { password: 'Chosen-passw0rd!' } }),
      anon(acceptInvitation, { params: { invitationCode: inv.code }, body: { password: 'Other-passw0rd!' } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((failed.reason as ApiError).body.code).toBe('INVITATION_USED');

    const again = await apiError(anon(getInvitation, { params: { invitationCode: inv.code } }));
    expect([again.status, again.body.code]).toEqual([400, 'INVITATION_USED']);
    expect(again.body.message).toBe('この招待はすでに使用されています。');

    const accounts = await s.db.selectFrom('accounts').where('email', '=', email).selectAll().execute();
    expect(accounts).toHaveLength(1);
    const memberships = await s.db.selectFrom('memberships').where('account_id', '=', accounts[0]!.id).select('kind').execute();
    expect(memberships).toEqual([{ kind: 'INDIVIDUAL' }]);

    // The winner's password signs in; the session is the new individual.
    const winner = results.findIndex((r) => r.status === 'fulfilled');
    const password = winner === 0 ? 'Chosen-passw0rd!' : 'Other-passw0rd!';
    const tokens = await signIn({ ...s.cognito, email, password });
    const session = await s.client(tokens.accessToken)(getSession);
    expect(session).toMatchObject({ operatorAccess: false, individualAccess: true, accessibleScopes: [] });
  });

  it('an invitation can be revoked until it is used', async () => {
    const inv = await invite(`rev-${Date.now()}@daicho.test`);
    const c = s.client(admin.token);
    await c(revokeInvitation, { params: { invitationId: inv.id } });
    const gone = await apiError(s.client(null)(getInvitation, { params: { invitationCode: inv.code } }));
    expect(gone.status).toBe(404);
    expect((await apiError(c(revokeInvitation, { params: { invitationId: inv.id } }))).status).toBe(404);
  });

  it('rejects a person id the organisation does not have, in the caller language', async () => {
    const e = await apiError(
      s.client(admin.token)(createInvitation, {
        body: { kind: 'OPERATOR', email: 'p@daicho.test', givenName: 'a', familyName: 'b', personId: crypto.randomUUID() },
      }),
    );
    expect(e.status).toBe(400);
    expect(e.body.fieldErrors).toEqual({ personId: ['選択された人物は存在しません。'] });
  });
});
