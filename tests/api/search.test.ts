// The palette's record search: people by name (with or without the space),
// kana, e-mail and worker number; literal %; only for HR; only in the
// caller's organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRecords } from '../../src/api/contracts/search.js';
import { withScope } from '../../server/db/tenant.js';
import { apiFailure } from '../support/api.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let hr: TestAccount;
let itOnly: TestAccount;
let other: TestAccount;
let taroId: string;

beforeAll(async () => {
  s = await createTestServer();
  const orgId = await s.createOrg();
  hr = await s.createAccount({ orgId, areas: ['HR'] });
  itOnly = await s.createAccount({ orgId, areas: ['IT'] });
  other = await s.createAccount({ orgId: await s.createOrg(), areas: ['HR'] });
  taroId = await withScope(s.db, { orgId }, async (tx) => {
    const p = await tx
      .insertInto('people')
      .values({ org_id: orgId, family_name: '山田', given_name: '太郎', family_name_kana: 'ヤマダ', given_name_kana: 'タロウ', email: 'taro@example.jp' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('workers').values({ org_id: orgId, person_id: p.id, worker_type: 'EMPLOYEE', worker_number: 'E-00042', primary_email: 'yamada.taro@daicho.example' }).execute();
    await tx.insertInto('people').values({ org_id: orgId, family_name: '100%', given_name: '割引' }).execute();
    return p.id;
  });
});
afterAll(() => s?.close());

const people = async (token: string, q: string) =>
  (await s.client(token)(searchRecords, { query: { q } })).results.find((r) => r.type === 'person')?.items ?? null;

describe('GET /v2/search', () => {
  it('finds a person by full name without a space, kana, e-mail and worker number', async () => {
    for (const q of ['山田太郎', '山田 太郎', 'ヤマダ', 'タロウ', 'taro@', 'yamada.taro', 'e-00042']) {
      const hits = await people(hr.token, q);
      expect(hits?.map((h) => h.id), q).toContain(taroId);
    }
    const [hit] = (await people(hr.token, '山田太郎'))!;
    expect(hit).toEqual({ id: taroId, title: '山田 太郎', subtitle: 'yamada.taro@daicho.example', href: `/person/${taroId}/personal-information` });
  });

  it('matches % literally', async () => {
    expect((await people(hr.token, '100%'))?.map((h) => h.title)).toEqual(['100% 割引']);
    expect(await people(hr.token, '%')).toHaveLength(1);
  });

  it('gives no people to an account without HR, and none of another organisation', async () => {
    expect(await people(itOnly.token, '山田')).toBeNull();
    expect(await people(other.token, '山田')).toEqual([]);
  });

  it('validates q', async () => {
    expect((await apiFailure(s.client(hr.token)(searchRecords, { query: { q: ' ' } }))).status).toBe(400);
    expect((await apiFailure(s.client(hr.token)(searchRecords, { query: { q: 'x'.repeat(101) } }))).status).toBe(400);
  });
});
