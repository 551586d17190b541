// Volume data for performance work: one organisation with N people and a
// worker each, generated set-based inside the database (generate_series), so
// 100k rows cost one round trip per chunk rather than per row. Re-running
// tops the organisation up to N people.
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { enterScope } from '../db/tenant.js';
import { JA_FAMILY_NAMES, JA_GIVEN_NAMES_FEMALE, JA_GIVEN_NAMES_MALE } from './demo.js';

export const SCALE_ORG_NAME = 'Scale Org';

// Rows per statement: bounds the per-statement trigger queue (audit and FK
// checks are queued per row until the statement ends) on PGlite's small heap.
const CHUNK = 20_000;

export interface SeedScaleOptions {
  people: number;
  orgName?: string;
}

export async function seedScale(db: Db, opts: SeedScaleOptions): Promise<{ orgId: string; people: number }> {
  const name = opts.orgName ?? SCALE_ORG_NAME;
  const target = Math.max(0, Math.floor(opts.people));
  const given = [...JA_GIVEN_NAMES_MALE, ...JA_GIVEN_NAMES_FEMALE];
  const col = (rows: readonly (readonly [string, string, string])[], k: 0 | 1 | 2) => rows.map((r) => r[k]);

  return db.transaction().execute(async (tx) => {
    // Same name, same organisation, even with two seeders at once.
    await sql`SELECT pg_advisory_xact_lock(727102, hashtext(${name}))`.execute(tx);
    const found = await tx.selectFrom('organizations').where('name', '=', name).select('id').orderBy('created_at').executeTakeFirst();
    const orgId =
      found?.id ??
      (await tx.insertInto('organizations').values({ name, feature_flags: '{}' }).returning('id').executeTakeFirstOrThrow()).id;
    await enterScope(tx, { orgId, requestId: 'seed:scale' });

    const counted = await tx.selectFrom('people').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const existing = Number(counted.n);
    for (let from = existing + 1; from <= target; from += CHUNK) {
      const to = Math.min(target, from + CHUNK - 1);
      // Ids are drawn first so one statement can insert the person and its
      // worker; the FK check runs at statement end, after both inserts.
      // Names cycle through the tables with coprime strides so they mix.
      await sql`
        WITH src AS (
          SELECT i, gen_random_uuid() AS id,
                 1 + (i * 7) % cardinality(${col(JA_FAMILY_NAMES, 0)}::text[]) AS f,
                 1 + (i * 11) % cardinality(${col(given, 0)}::text[]) AS g
          FROM generate_series(${from}::int, ${to}::int) AS i
        ), people_ins AS (
          INSERT INTO people (id, org_id, family_name, given_name, family_name_kana, given_name_kana, email)
          SELECT id, ${orgId}::uuid,
                 (${col(JA_FAMILY_NAMES, 0)}::text[])[f], (${col(given, 0)}::text[])[g],
                 (${col(JA_FAMILY_NAMES, 1)}::text[])[f], (${col(given, 1)}::text[])[g],
                 (${col(given, 2)}::text[])[g] || '.' || (${col(JA_FAMILY_NAMES, 2)}::text[])[f] || '.' || i || '@scale.example'
          FROM src
        )
        INSERT INTO workers (org_id, person_id, worker_type, worker_number, primary_email, started_on, ended_on)
        SELECT ${orgId}::uuid, id,
               CASE WHEN i % 50 = 0 THEN 'BOARD_MEMBER' WHEN i % 10 = 1 THEN 'CONTRACTOR'
                    WHEN i % 25 = 2 THEN 'COLLABORATOR' ELSE 'EMPLOYEE' END,
               'S' || lpad(i::text, 7, '0'),
               'w' || i || '@scale.example',
               date '2000-04-01' + (i * 37) % 9000,
               -- about one in twenty has left (alumni), always in the past
               CASE WHEN i % 20 = 3 THEN least(date '2000-04-01' + (i * 37) % 9000 + 400 + i % 500, date '2025-12-31') END
        FROM src
      `.execute(tx);
    }
    return { orgId, people: Math.max(existing, target) };
  });
}
