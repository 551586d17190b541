// An edit of an audited row costs a millisecond, not a JIT compilation, in
// any session (migration 0035). The audit trigger's statements were priced
// above jit_above_cost by its own enable_nestloop = off, so every UPDATE of
// an audited table compiled its audit insert with LLVM first wherever JIT
// was on: 170-340 ms for one equipment row, where the server's own
// connections (jit off) took about one. What a user would notice: a
// colleague's psql fix, a script, or the server behind a pooler that drops
// its `-c jit=off`, making every edit a third of a second slower.
//
// PostgreSQL only (PGlite has no JIT), and only where the server can JIT
// (pg_jit_available()); auto_explain, loaded as a superuser, shows the
// trigger's plans.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/index.js';
import { withScope } from '../../server/db/tenant.js';
import { createOrganization, openTestDatabase } from '../support/db.js';

let h: DatabaseHandle;
let orgId: string;
let typeId: string;

beforeAll(async () => {
  h = await openTestDatabase();
  orgId = await createOrganization(h.db, `jit-${crypto.randomUUID()}`);
  typeId = await withScope(h.db, { orgId }, async (tx) => (await sql<{ id: string }>`INSERT INTO equipment_types (org_id, name) VALUES (${orgId}, 'ノートPC') RETURNING id`.execute(tx)).rows[0]!.id);
});

afterAll(async () => {
  await h?.close();
});

describe('the audit trigger', () => {
  it.runIf(!!process.env.DATABASE_URL)('records an update without compiling anything, in a session with JIT on', async (ctx) => {
    // A session as psql opens one: the server's default settings, JIT on.
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const plans: string[] = [];
    c.on('notice', (n) => plans.push(n.message ?? ''));
    await c.connect();
    try {
      // auto_explain is loaded by a superuser (CI's role, postgres).
      const { rows } = await c.query<{ jit: boolean; su: string }>(`SELECT pg_jit_available() AS jit, current_setting('is_superuser') AS su`);
      if (!rows[0]!.jit || rows[0]!.su !== 'on') ctx.skip();
      await c.query('BEGIN');
      await c.query(`SET LOCAL jit = on; SET LOCAL jit_above_cost = 100000; LOAD 'auto_explain'`);
      await c.query(`SET LOCAL auto_explain.log_min_duration = 0; SET LOCAL auto_explain.log_nested_statements = on; SET LOCAL auto_explain.log_analyze = on`);
      await c.query(`SET LOCAL auto_explain.log_level = notice; SET LOCAL client_min_messages = notice`);
      await c.query(`SELECT set_config('app.org_id', $1, true)`, [orgId]);
      await c.query(`UPDATE equipment_types SET name = 'ノートPC (14")' WHERE id = $1`, [typeId]);
      const audit = plans.filter((p) => p.includes('INSERT INTO audit_log'));
      // The change was recorded (its plan was shown)...
      expect(audit.length).toBeGreaterThan(0);
      expect(
        (await c.query<{ after: Record<string, string> }>(`SELECT after FROM audit_log WHERE record_id = $1 AND action = 'UPDATE'`, [typeId])).rows.map((r) => r.after),
      ).toEqual([{ name: 'ノートPC (14")' }]);
      // ...and no statement of the update, the trigger's included, was compiled.
      expect(plans.filter((p) => p.includes('JIT:'))).toEqual([]);
    } finally {
      await c.query('ROLLBACK').catch(() => {});
      await c.end();
    }
  });
});
