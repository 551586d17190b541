// The caller's statement riding ahead of a request's first statement
// (server/db/lead.ts, server/auth/access.ts inLedTransaction). What would go
// wrong for a user: a page read outside the caller's organisation, or a
// connection handed to the next request still inside this one's
// transaction or scope.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLedTransaction } from '../../server/auth/access.js';
import { rowsBytes } from '../../server/db/row-bytes.js';
import type { VerifiedToken } from '../../server/deps.js';
import { moduleContracts } from '../../src/api/modules/contracts.js';
import { equipmentTypes } from '../../src/api/modules/equipment.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

const types = moduleContracts(equipmentTypes);
let s: TestServer;
let account: TestAccount;

const tokenOf = (sub: string): VerifiedToken => ({ sub, username: sub, sessionKey: `${sub}:1`, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
const subOf = async (acc: TestAccount) => (await s.db.selectFrom('accounts').select('cognito_sub').where('id', '=', acc.accountId).executeTakeFirstOrThrow()).cognito_sub!;
/** What the pool's next user of a connection finds: no transaction, no scope, the login role. */
const nextUser = async () => {
  const r = await sql<{ org: string; role: string; txn: boolean }>`SELECT coalesce(current_setting('app.org_id', true), '') AS org, current_user AS role,
    now() = statement_timestamp() AS txn`.execute(s.db);
  return r.rows[0]!;
};
const scope = sql<{ org: string; role: string }>`SELECT current_setting('app.org_id', true) AS org, current_user::text AS role`;

beforeAll(async () => {
  s = await createTestServer();
  account = await s.createAccount({ orgId: await s.createOrg(), areas: ['GA'] });
  // A row for a scope-less read to find, were it not kept out.
  await s.client(account.token)(types.create, { body: { name: 'リード' } as never });
});
afterAll(() => s?.close());

describe('a transaction led by the caller’s statement', () => {
  it('runs the first statement (a row-bytes one) in the caller’s scope, and gives the caller', async () => {
    const { out, caller } = await inLedTransaction(s.db, tokenOf(await subOf(account)), { requestId: 'r1', tables: ['equipment'] }, async (tx) =>
      (await rowsBytes(tx, sql`SELECT current_setting('app.org_id', true), current_user::text`)).map((f) => f.map((b) => b!.toString('utf8'))),
    );
    expect(out).toEqual([[account.orgId, 'daicho_app']]);
    expect(caller.auth.orgId).toBe(account.orgId);
    expect(caller.auth.accountId).toBe(account.accountId);
    expect(caller.auth.areas).toEqual(['GA']);
    expect(caller.version).toMatch(/^\d+$/);
    expect(await nextUser()).toMatchObject({ org: '' });
  });

  it('sends the caller first when the first statement is another kind, and resolves it when there is none', async () => {
    const token = tokenOf(await subOf(account));
    const plain = await inLedTransaction(s.db, token, { requestId: 'r2' }, async (tx) => (await scope.execute(tx)).rows[0]);
    expect(plain.out).toEqual({ org: account.orgId, role: 'daicho_app' });
    const none = await inLedTransaction(s.db, token, { requestId: 'r3' }, async () => 'no statement');
    expect(none).toMatchObject({ out: 'no statement', caller: { auth: { accountId: account.accountId } } });
  });

  it('reads nothing for a token without an account, and refuses it', async () => {
    await expect(
      inLedTransaction(s.db, tokenOf('no-such-sub'), { requestId: 'r4' }, async (tx) => {
        const seen = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM equipment_types`.execute(tx)).rows[0]!.n;
        expect(seen).toBe(0);
        return seen;
      }),
    ).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await nextUser()).org).toBe('');
  });

  // PostgreSQL only (CI's second pass): PGlite has one connection, which
  // nothing else can watch.
  it.runIf(!!process.env.DATABASE_URL)('ends its transaction after the answer even when nobody uses the connection next', async () => {
    let pid = 0;
    await inLedTransaction(s.db, tokenOf(await subOf(account)), { requestId: 'r7', tables: ['equipment'] }, async (tx) => {
      pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(tx)).rows[0]!.pid;
    });
    // Watched from a connection of its own: a checkout from the pool would
    // send the COMMIT itself (the pool's next user of the connection).
    const watch = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await watch.connect();
    try {
      const stateOf = async () =>
        (await watch.query<{ state: string }>('SELECT state FROM pg_stat_activity WHERE pid = $1', [pid])).rows[0]?.state;
      let state = await stateOf();
      for (let i = 0; i < 50 && state !== 'idle'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        state = await stateOf();
      }
      // Not 'idle in transaction': the COMMIT went out after the answer.
      expect(state).toBe('idle');
    } finally {
      await watch.end();
    }
  });

  it('leaves no lead, transaction or scope on the connection when it throws, before or after its first statement', async () => {
    const token = tokenOf(await subOf(account));
    await expect(inLedTransaction(s.db, token, { requestId: 'r5' }, async () => Promise.reject(new Error('before')))).rejects.toThrow('before');
    const after = await nextUser();
    expect(after).toMatchObject({ org: '', txn: true });
    expect(after.role).not.toBe('daicho_app');
    await expect(
      inLedTransaction(s.db, token, { requestId: 'r6' }, async (tx) => {
        await scope.execute(tx);
        throw new Error('after');
      }),
    ).rejects.toThrow('after');
    expect(await nextUser()).toMatchObject({ org: '', txn: true });
  });
});
