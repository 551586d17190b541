import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../src/api/contracts/define.js';
import { patchSessionLocale } from '../../src/api/contracts/session.js';
import { createRole } from '../../src/api/contracts/settings.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let admin: TestAccount;
beforeAll(async () => {
  s = await createTestServer();
  admin = await s.createAccount({ orgId: await s.createOrg(), areas: [...AREAS] });
});
afterAll(() => s?.close());

const trail = (recordId: string) =>
  s.db.selectFrom('audit_log').where('record_id', '=', recordId).orderBy('id').selectAll().execute();

describe('audit trail', () => {
  it('records who changed which record, when, and the changed fields before and after', async () => {
    const res = await s.app.request('/v2/session/locale', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'x-request-id': 'audit-req-1' },
      body: JSON.stringify({ locale: 'en-US' }),
    });
    expect(res.status).toBe(200);
    const rows = await trail(admin.accountId);
    const update = rows.find((r) => r.action === 'UPDATE' && r.request_id === 'audit-req-1');
    expect(update).toMatchObject({
      org_id: admin.orgId,
      actor_account_id: admin.accountId,
      table_name: 'accounts',
      before: { locale: 'ja-JP' },
      after: { locale: 'en-US' },
    });
    expect(Date.now() - new Date(update!.at).getTime()).toBeLessThan(60_000);
  });

  it('records creations with their fields, and nothing for a failed request', async () => {
    const c = s.client(admin.token);
    const { id } = await c(createRole, { body: { roleName: '監査ロール' } });
    const rows = await trail(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'INSERT', actor_account_id: admin.accountId, after: { name: '監査ロール' } });

    const before = await s.db.selectFrom('audit_log').where('org_id', '=', admin.orgId).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    // Requests that fail leave no trail.
    await expect(c(createRole, { body: { roleName: 'x', productPermissionIds: [crypto.randomUUID()] } })).rejects.toThrow();
    await expect(c(patchSessionLocale, { body: { locale: 'xx' as never } })).rejects.toThrow();
    const after = await s.db.selectFrom('audit_log').where('org_id', '=', admin.orgId).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is append-only for the application role', async () => {
    const { withScope } = await import('../../server/db/tenant.js');
    await expect(withScope(s.db, { orgId: admin.orgId }, (tx) => tx.deleteFrom('audit_log').execute())).rejects.toThrow(/permission denied/);
  });
});
