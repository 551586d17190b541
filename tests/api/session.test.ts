import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.js';
import { AREAS } from '../../src/api/contracts/define.js';
import { getSession, patchSessionLocale } from '../../src/api/contracts/session.js';
import { getMfaSettings } from '../../src/api/contracts/settings.js';
import { openDatabase } from '../../server/db/index.js';
import { migrate } from '../../server/db/migrate.js';
import { withScope } from '../../server/db/tenant.js';
import { createTestServer, type TestServer } from '../support/app.js';
import { createOrganization, TEMPLATE_ENV } from '../support/db.js';

let s: TestServer;
let orgId: string;
beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg('セッション株式会社');
});
afterAll(() => s?.close());

describe('GET /v2/session', () => {
  it('describes an operator with every area', async () => {
    const acc = await s.createAccount({ orgId, areas: [...AREAS], kinds: ['OPERATOR', 'INDIVIDUAL'] });
    const session = await s.client(acc.token)(getSession);
    expect(session).toMatchObject({
      account: { id: acc.accountId, email: acc.email },
      person: { id: acc.personId, familyName: 'テスト' },
      organization: { id: orgId, name: 'セッション株式会社' },
      locale: 'ja-JP',
      operatorAccess: true,
      individualAccess: true,
      featureFlags: { NewFeature: true },
      mfa: { emailRequired: false, verified: true },
    });
    expect([...session.accessibleScopes].sort()).toEqual([...AREAS].sort());
  });

  it('gives an area-limited operator only its area, and an individual none', async () => {
    const it_ = await s.createAccount({ orgId, areas: ['IT'] });
    expect((await s.client(it_.token)(getSession)).accessibleScopes).toEqual(['IT']);
    const ind = await s.createAccount({ orgId, kinds: ['INDIVIDUAL'] });
    expect(await s.client(ind.token)(getSession)).toMatchObject({ operatorAccess: false, individualAccess: true, accessibleScopes: [] });
  });

  it('areas come from people groups by worker type and exclusions', async () => {
    const contractor = await s.createAccount({ orgId, workerType: 'CONTRACTOR' });
    const employee = await s.createAccount({ orgId, workerType: 'EMPLOYEE' });
    await withScope(s.db, { orgId }, async (tx) => {
      const pp = await tx.insertInto('product_permissions').values({ org_id: orgId, name: 'HR', hr: true }).returning('id').executeTakeFirstOrThrow();
      const g = await tx.insertInto('people_groups').values({ org_id: orgId, name: 'contractors', membership_contractor: true }).returning('id').executeTakeFirstOrThrow();
      const r = await tx.insertInto('roles').values({ org_id: orgId, name: 'HR contractors' }).returning('id').executeTakeFirstOrThrow();
      await tx.insertInto('role_product_permissions').values({ org_id: orgId, role_id: r.id, product_permission_id: pp.id }).execute();
      await tx.insertInto('role_people_groups').values({ org_id: orgId, role_id: r.id, people_group_id: g.id }).execute();
    });
    expect((await s.client(contractor.token)(getSession)).accessibleScopes).toEqual(['HR']);
    expect((await s.client(employee.token)(getSession)).accessibleScopes).toEqual([]);
    const group = await s.db.selectFrom('people_groups').where('name', '=', 'contractors').where('org_id', '=', orgId).select('id').executeTakeFirstOrThrow();
    await withScope(s.db, { orgId }, (tx) =>
      tx.insertInto('people_group_overrides').values({ org_id: orgId, people_group_id: group.id, person_id: contractor.personId, mode: 'EXCLUDE' }).execute(),
    );
    expect((await s.client(contractor.token)(getSession)).accessibleScopes).toEqual([]);
  });

  it('answers 401 for a valid pool user without a Daicho account', async () => {
    const acc = await s.createAccount({ orgId });
    await s.db.deleteFrom('memberships').where('account_id', '=', acc.accountId).execute();
    const res = await s.app.request('/v2/session', { headers: { authorization: `Bearer ${acc.token}` } });
    expect(res.status).toBe(401);
  });
});

describe('PATCH /v2/session/locale', () => {
  it('stores the locale per account and answers in it from then on', async () => {
    const acc = await s.createAccount({ orgId });
    const c = s.client(acc.token);
    const forbidden = async () => {
      try {
        await c(getMfaSettings);
      } catch (e) {
        return (e as ApiError).body;
      }
      throw new Error('expected 403');
    };
    expect((await forbidden()).title).toBe('アクセスが拒否されました');
    await c(patchSessionLocale, { body: { locale: 'en-US' } });
    expect((await c(getSession)).locale).toBe('en-US');
    expect((await forbidden()).title).toBe('Access denied');
    const other = await s.createAccount({ orgId });
    expect((await s.client(other.token)(getSession)).locale).toBe('ja-JP');
  });

  it('rejects an unknown locale with a message in the current one', async () => {
    const acc = await s.createAccount({ orgId, locale: 'en-US' });
    const res = await s.app.request('/v2/session/locale', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${acc.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'fr-FR' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Some values are not valid. Check the highlighted fields.',
      fieldErrors: { locale: ['Choose one of: ja-JP, en-US.'] },
    });
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('survives a restart of the embedded database', async () => {
    // PGlite on disk, closed and reopened, as `npm start` twice would.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-restart-'));
    const template = new Blob([fs.readFileSync(process.env[TEMPLATE_ENV]!)]);
    const first = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), pgliteTemplate: template });
    await migrate(first.db);
    const orgId = await createOrganization(first.db, 'R');
    const acc = await withScope(first.db, { orgId }, async (tx) => {
      const a = await tx.insertInto('accounts').values({ org_id: orgId, email: 'r@daicho.test' }).returning('id').executeTakeFirstOrThrow();
      await tx.updateTable('accounts').set({ locale: 'en-US' }).where('id', '=', a.id).execute();
      return a;
    });
    await first.close();
    const second = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    expect(await migrate(second.db)).toEqual([]);
    const row = await second.db.selectFrom('accounts').where('id', '=', acc.id).select('locale').executeTakeFirstOrThrow();
    expect(row.locale).toBe('en-US');
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
