import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/index.js';
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
});
