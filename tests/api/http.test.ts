// The HTTP contract every route shares: error shapes in both languages,
// 404 and 500 JSON, security headers, health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../src/api/contracts/define.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  s = await createTestServer();
  admin = await s.createAccount({ orgId: await s.createOrg(), areas: [...AREAS] });
});
afterAll(() => s?.close());

const post = (path: string, body: unknown, lang: string) =>
  s.app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'accept-language': lang },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('validation errors', () => {
  const bad = { kind: 'BOSS', email: 'not-mail', givenName: '   ', familyName: 'x'.repeat(101) };

  it('read in Japanese for a ja-JP session', async () => {
    const res = await post('/v2/settings/invitations', bad, 'en-US');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: '入力内容に誤りがあります。該当する項目を確認してください。',
      fieldErrors: {
        kind: ['次のいずれかを選択してください: OPERATOR, INDIVIDUAL'],
        email: ['正しいメールアドレスを入力してください。'],
        givenName: ['値を入力してください（空白のみは入力できません）。'],
        familyName: ['100文字以内で入力してください。'],
      },
    });
  });

  it('read in English for an en-US session', async () => {
    await s.db.updateTable('accounts').set({ locale: 'en-US' }).where('id', '=', admin.accountId).execute();
    const res = await post('/v2/settings/invitations', bad, 'ja-JP');
    expect(await res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Some values are not valid. Check the highlighted fields.',
      fieldErrors: {
        kind: ['Choose one of: OPERATOR, INDIVIDUAL.'],
        email: ['Enter a valid e-mail address.'],
        givenName: ['Enter a value (spaces alone do not count).'],
        familyName: ['Enter at most 100 characters.'],
      },
    });
    await s.db.updateTable('accounts').set({ locale: 'ja-JP' }).where('id', '=', admin.accountId).execute();
  });

  it('follow Accept-Language before sign-in, and report malformed JSON', async () => {
    const res = await s.app.request('/v2/invitations/abc/accept', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-GB,en;q=0.9,ja;q=0.5' },
      body: '{"password": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { _: ['The request body is not valid JSON.'] } });
    const missing = await s.app.request('/v2/invitations/abc/accept', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ja' },
      body: '{}',
    });
    expect((await missing.json()).fieldErrors).toEqual({ password: ['この項目は必須です。'] });
  });

  it('query parameters are validated too', async () => {
    const res = await s.app.request('/v2/settings/accounts?type=BOSS&pageSize=1001', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()).fieldErrors).sort()).toEqual(['pageSize', 'type']);
  });
});

describe('other failures', () => {
  it('an unknown API path is a JSON 404', async () => {
    const res = await s.app.request('/v2/nothing-here', { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'No API endpoint at GET /v2/nothing-here.' });
  });

  it('an unexpected failure is a JSON 500 with a request id and no stack', async () => {
    const other = await createTestServer();
    const acc = await other.createAccount({ orgId: await other.createOrg(), areas: [...AREAS] });
    await other.handle.close(); // the database goes away under the server
    const res = await other.app.request('/v2/session', { headers: { authorization: `Bearer ${acc.token}`, 'x-request-id': 'req-test-1' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ code: 'INTERNAL_ERROR', message: expect.any(String), requestId: 'req-test-1' });
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|Error:/);
    const health = await other.app.request('/healthz');
    expect([health.status, await health.json()]).toEqual([503, { status: 'error', database: 'down' }]);
  });
});

describe('headers and health', () => {
  it('sends a strict CSP without inline scripts, nosniff, no framing and no referrer', async () => {
    const res = await s.app.request('/healthz');
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${new URL(s.cognito.endpoint).origin}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('when the identity pool cannot be reached', () => {
  it('answers 503, not 401: the token may be good, and a 401 would sign the console out', async () => {
    const cut = await createTestServer({ jwksUrl: 'http://127.0.0.1:9/pool/.well-known/jwks.json' });
    try {
      const res = await cut.app.request('/v2/session', { headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en-US' } });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again later.' });
    } finally {
      await cut.close();
    }
  });
});
