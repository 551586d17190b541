import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, POOL_KEPT_CONNECTIONS } from '../../server/db/index.js';
import { withScope } from '../../server/db/tenant.js';
import { openTestDatabase } from '../support/db.js';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

describe('database', () => {
  it('runs requests as a role that row-level security applies to', async () => {
    const who = await withScope(h.db, { orgId: null }, (tx) =>
      sql<{ u: string; bypass: boolean }>`SELECT current_user AS u, (SELECT rolbypassrls OR rolsuper FROM pg_roles WHERE rolname = current_user) AS bypass`.execute(tx),
    );
    expect(who.rows[0]).toEqual({ u: 'daicho_app', bypass: false });
  });

  // PostgreSQL only (CI's second pass): PGlite has one connection, in process.
  it.runIf(!!process.env.DATABASE_URL)('keeps two pooled connections open through a quiet spell, and closes the others', async () => {
    const pool = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4, poolIdleMs: 200 });
    try {
      // Four requests at once: four connections, each held until all four have one.
      let arrived = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const pids = Promise.all(
        [0, 1, 2, 3].map(() =>
          pool.db.connection().execute(async (c) => {
            const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(c)).rows[0]!.pid;
            if (++arrived === 4) release();
            await gate;
            return pid;
          }),
        ),
      );
      const busy = await pids;
      expect(new Set(busy).size).toBe(4);
      // A quiet spell longer than the idle limit: the kept ones stay, open.
      await new Promise((r) => setTimeout(r, 1000));
      const open = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE pid = ANY(${busy})`.execute(h.db);
      expect(open.rows).toHaveLength(POOL_KEPT_CONNECTIONS);
      // The next requests are served by those, not by new connections.
      for (let i = 0; i < 3; i++) {
        const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(pool.db)).rows[0]!.pid;
        expect(open.rows.map((r) => r.pid)).toContain(pid);
      }
    } finally {
      await pool.close();
    }
  });
});
