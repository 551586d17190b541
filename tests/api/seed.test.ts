import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAreas } from '../../server/auth/access.js';
import type { DatabaseHandle, Db } from '../../server/db/index.js';
import { withScope } from '../../server/db/tenant.js';
import { seedDemo, type SeededDemo } from '../../server/seed/demo.js';
import { DEMO_USERS } from '../../server/seed/demo-users.js';
import { seedScale } from '../../server/seed/scale.js';
import { countAccounts } from '../../server/modules/software/accounts.js';
import { openTestDatabase } from '../support/db.js';

// seedDemo needs an empty database; on PostgreSQL the test database is shared
// by every file (and holds their organisations), so only PGlite runs those.
const sharedDatabase = Boolean(process.env.DATABASE_URL);

async function counts(db: Db): Promise<Record<string, number>> {
  const orgs = await db.selectFrom('organizations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const org = await db.selectFrom('organizations').select('id').executeTakeFirst();
  if (!org) return { organizations: 0 };
  const scoped = await withScope(db, { orgId: org.id }, async (tx) => {
    const out: Record<string, number> = {};
    for (const t of ['people', 'workers', 'accounts', 'memberships', 'invitations', 'people_groups', 'roles', 'audit_log'] as const) {
      out[t] = Number((await tx.selectFrom(t).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    }
    return out;
  });
  return { organizations: Number(orgs.n), ...scoped };
}

const peopleAndWorkers = (db: Db, orgId: string) =>
  withScope(db, { orgId }, async (tx) => ({
    people: Number((await tx.selectFrom('people').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    workers: Number((await tx.selectFrom('workers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
  }));

/** People whose worker lifecycles (kept for the workforce search, migration
 * 0033) differ from what their workers say now. */
const staleLifecycles = (db: Db, orgId: string) =>
  withScope(db, { orgId }, async (tx) =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM people p WHERE p.worker_lifecycles IS DISTINCT FROM coalesce((
          SELECT array_agg(ROW(w.id, w.worker_type, w.offered_on, w.offer_accepted_on, w.joining_confirmed_on, w.started_on, w.leaving_notified_on, w.ended_on)::worker_lifecycle ORDER BY w.id)
          FROM workers w WHERE w.person_id = p.id), '{}')`.execute(tx)
      ).rows[0]!.n,
    ),
  );

/** The seeded integrations with their account figures and history (software-demo.ts). */
const softwareSummary = (db: Db, orgId: string) =>
  withScope(db, { orgId }, async (tx) => {
    const rows = await sql<{ id: string; name: string; tenant: string; status: string; subordinate: boolean; custom: boolean; softwareId: string | null; pricing: string | null; accounts: string; active: string }>`
      SELECT i.id, i.name, i.tenant_name AS tenant, i.status, i.parent_integration_id IS NOT NULL AS subordinate, i.custom_app AS custom, i.software_id AS "softwareId",
        i.pricing_model AS pricing, (SELECT count(*) FROM app_users u WHERE u.app_integration_id = i.id) AS accounts,
        (SELECT count(*) FROM app_users u WHERE u.app_integration_id = i.id AND u.is_active) AS active
      FROM app_integrations i ORDER BY i.name, i.tenant_name`.execute(tx);
    const out = [];
    for (const r of rows.rows) {
      const months = await sql<{ accounts: string; active: string; signed_in: string }>`
        SELECT count(*) AS accounts, count(*) FILTER (WHERE is_active) AS active, count(*) FILTER (WHERE is_active AND signed_in) AS signed_in
        FROM app_user_months WHERE app_integration_id = ${r.id} GROUP BY month ORDER BY month`.execute(tx);
      out.push({
        ...r,
        accounts: Number(r.accounts),
        active: Number(r.active),
        counts: await countAccounts(tx, r.id),
        months: months.rows.map((m) => ({ accounts: Number(m.accounts), active: Number(m.active), signedIn: Number(m.signed_in) })),
      });
    }
    return out;
  });

const peopleNames = (db: Db, orgId: string) =>
  withScope(db, { orgId }, (tx) =>
    tx
      .selectFrom('people')
      .select(['family_name', 'given_name', 'middle_name', 'family_name_kana', 'given_name_kana', 'email'])
      .orderBy('email')
      .execute(),
  );

describe.skipIf(sharedDatabase)('demo seed', () => {
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  let seeded: SeededDemo;
  beforeAll(async () => {
    [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    const r = await seedDemo(a.db, { seed: 7 });
    expect(r).not.toBeNull();
    seeded = r!;
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('creates one organisation with the three demo accounts and their memberships', async () => {
    const c = await counts(a.db);
    expect(c).toMatchObject({ organizations: 1, accounts: 3, memberships: 4, invitations: 2, people: 69 });
    expect(c.workers).toBeGreaterThanOrEqual(60);

    const rows = await withScope(a.db, { orgId: seeded.orgId }, (tx) =>
      tx
        .selectFrom('accounts as a')
        .leftJoin('memberships as m', 'm.account_id', 'a.id')
        .select(['a.id', 'a.email', 'a.person_id', 'a.cognito_sub', 'a.locale', 'm.kind'])
        .execute(),
    );
    const kinds = (email: string) =>
      rows
        .filter((r) => r.email === email)
        .map((r) => r.kind)
        .sort();
    expect(kinds('admin@daicho.example')).toEqual(['INDIVIDUAL', 'OPERATOR']);
    expect(kinds('it-operator@daicho.example')).toEqual(['OPERATOR']);
    expect(kinds('individual@daicho.example')).toEqual(['INDIVIDUAL']);
    expect(rows.every((r) => r.cognito_sub === null && r.person_id && r.locale === 'ja-JP')).toBe(true);
    expect(new Set(rows.map((r) => r.person_id)).size).toBe(3);
    expect(seeded.accounts.map((x) => x.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());

    const inv = await withScope(a.db, { orgId: seeded.orgId }, (tx) => tx.selectFrom('invitations').select('expires_at').execute());
    const now = Date.now();
    expect(inv.filter((i) => i.expires_at.getTime() > now)).toHaveLength(1);
    expect(inv.filter((i) => i.expires_at.getTime() < now)).toHaveLength(1);
  });

  it('gives admin every area, the IT operator only IT and the individual none', async () => {
    const areas = await withScope(a.db, { orgId: seeded.orgId }, async (tx) => {
      const accs = await tx.selectFrom('accounts').select(['email', 'person_id']).execute();
      const of = (email: string) => accountAreas(tx, accs.find((x) => x.email === email)!.person_id);
      return { admin: await of('admin@daicho.example'), it: await of('it-operator@daicho.example'), individual: await of('individual@daicho.example') };
    });
    expect([...areas.admin].sort()).toEqual(['GA', 'HR', 'IT', 'LI', 'MARKETPLACE', 'SETTINGS']);
    expect(areas.it).toEqual(['IT']);
    expect(areas.individual).toEqual([]);
  });

  it('mixes Japanese names with kana readings, English names, worker types and alumni', async () => {
    const people = await peopleNames(a.db, seeded.orgId);
    const japanese = people.filter((p) => /\p{Script=Han}/u.test(p.family_name));
    expect(japanese.length).toBeGreaterThan(30);
    expect(japanese.every((p) => /^[\p{Script=Katakana}ー]+$/u.test(p.family_name_kana ?? '') && /^[\p{Script=Katakana}ー]+$/u.test(p.given_name_kana ?? ''))).toBe(true);
    expect(people.some((p) => /^[A-Za-z' -]+$/.test(p.family_name) && p.family_name_kana === null)).toBe(true);

    const workers = await withScope(a.db, { orgId: seeded.orgId }, (tx) => tx.selectFrom('workers').select(['worker_type', 'ended_on']).execute());
    const types = new Set(workers.map((w) => w.worker_type));
    expect(types).toEqual(new Set(['EMPLOYEE', 'CONTRACTOR', 'BOARD_MEMBER', 'COLLABORATOR']));
    const today = new Date().toISOString().slice(0, 10);
    expect(workers.filter((w) => w.ended_on && w.ended_on < today).length).toBeGreaterThanOrEqual(3);
  });

  it('seeds software and apps: integrations of every kind, accounts in every category, a year of sign-in history', async () => {
    const ints = await softwareSummary(a.db, seeded.orgId);
    expect(ints.map((i) => i.name).sort()).toEqual(['GitHub', 'GitHub', 'Google Workspace', 'Notion', 'Salesforce', 'Slack', 'Zoom', '経費精算クラウド']);
    expect(ints.filter((i) => i.subordinate).map((i) => i.tenant)).toEqual(['daicho-oss']);
    expect(ints.filter((i) => i.custom).map((i) => i.name)).toEqual(['経費精算クラウド']);
    expect(ints.filter((i) => i.status === 'DEACTIVATED').map((i) => i.name)).toEqual(['Salesforce']);
    expect(ints.every((i) => i.softwareId)).toBe(true);
    // Slack holds one of every kind of row (the overview's browser test reads these figures).
    const slack = ints.find((i) => i.name === 'Slack')!;
    expect(slack).toMatchObject({ accounts: 60, active: 58, pricing: 'LINEAR' });
    expect(slack.counts).toMatchObject({ NO_WORKER: 3, VIOLATED: 5, VIOLATED_ROLE: 2, NO_USER: 2, INACTIVE: 8, ALUMNI: 3 });
    // Twelve months of history: eleven past months and this one, growing towards today's accounts.
    expect(slack.months).toHaveLength(12);
    expect(slack.months.at(-1)).toMatchObject({ accounts: 60, active: 58 });
    expect(slack.months[0]!.accounts).toBeLessThan(60);
    expect(slack.months.every((m) => m.signedIn > 0 && m.signedIn <= m.active)).toBe(true);
    // The deactivated integration was last read three months ago.
    expect(ints.find((i) => i.name === 'Salesforce')!.months.length).toBeLessThanOrEqual(9);
  });

  it('seeds people at every lifecycle stage today, and an organisation whose structure changed over the years', async () => {
    const stages = await withScope(a.db, { orgId: seeded.orgId }, async (tx) =>
      (await sql<{ stage: string }>`SELECT DISTINCT worker_stage(w, (now() AT TIME ZONE 'Asia/Tokyo')::date) AS stage FROM workers w`.execute(tx)).rows.map((r) => r.stage),
    );
    expect(stages.sort()).toEqual(['ACTIVE', 'ALUMNI', 'JOINING', 'LEAVING', 'NEW_HIRE', 'OFFERED', 'OFFER_ACCEPTED']);
    const chart = (day: string) =>
      withScope(a.db, { orgId: seeded.orgId }, async (tx) =>
        (
          await sql<{ name: string }>`SELECT name FROM org_unit_versions
            WHERE valid_from <= ${day}::date AND (valid_to IS NULL OR valid_to > ${day}::date) ORDER BY display_order`.execute(tx)
        ).rows.map((r) => r.name),
      );
    const [y2021, y2025] = [await chart('2021-06-01'), await chart('2025-06-01')];
    expect(y2021).toContain('システム管理室');
    expect(y2021).toContain('第二営業部');
    expect(y2021).not.toContain('カスタマーサクセス部');
    expect(y2025).toEqual(expect.arrayContaining(['情報システム部', 'カスタマーサクセス部']));
    expect(y2025).not.toContain('第二営業部');
    // Every master-data list has rows; the current staff have a department.
    const unassigned = await withScope(a.db, { orgId: seeded.orgId }, async (tx) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM workers w WHERE worker_stage(w, current_date) IN ('ACTIVE', 'NEW_HIRE', 'LEAVING')
          AND NOT EXISTS (SELECT 1 FROM worker_assignments a WHERE a.worker_id = w.id AND a.valid_from <= current_date AND (a.valid_to IS NULL OR a.valid_to > current_date))`.execute(tx)
      ).rows[0]!.n,
    );
    expect(unassigned).toBe(0);
  });

  it('leaves statistics of the tables it filled: lists are planned for their real row counts from the first request', async () => {
    // Without them (reltuples -1) the planner took each table for one row and
    // a 50-row page of the demo's equipment cost ~400 ms in nested loops.
    for (const table of ['equipment', 'people', 'workers', 'places']) {
      const stats = await sql<{ planned: number; actual: number }>`SELECT (SELECT reltuples::int FROM pg_class WHERE oid = ${table}::regclass) AS planned,
        (SELECT count(*)::int FROM ${sql.table(table)}) AS actual`.execute(a.db);
      expect(stats.rows[0]!.actual).toBeGreaterThan(0);
      expect(stats.rows[0]).toEqual({ planned: stats.rows[0]!.actual, actual: stats.rows[0]!.actual });
    }
  });

  it('is a no-op on a database that holds an organisation', async () => {
    const before = await counts(a.db);
    expect(await seedDemo(a.db, { seed: 7 })).toBeNull();
    expect(await counts(a.db)).toEqual(before);
  });

  it('is deterministic for a seed', async () => {
    const other = await seedDemo(b.db, { seed: 7 });
    expect(other).not.toBeNull();
    expect(await peopleNames(b.db, other!.orgId)).toEqual(await peopleNames(a.db, seeded.orgId));
    // The same accounts in the same categories, and the same history.
    const apps = async (db: Db, orgId: string) => (await softwareSummary(db, orgId)).map(({ name, tenant, accounts, active, counts, months }) => ({ name, tenant, accounts, active, counts, months }));
    expect(await apps(b.db, other!.orgId)).toEqual(await apps(a.db, seeded.orgId));
  });

  it('seeds a scale organisation next to the demo one', async () => {
    const r = await seedScale(b.db, { people: 2_000 });
    expect(r.people).toBe(2_000);
    expect(await peopleAndWorkers(b.db, r.orgId)).toEqual({ people: 2_000, workers: 2_000 });
    // The lifecycle dates it writes with the triggers off reach the people's copy.
    expect(await staleLifecycles(b.db, r.orgId)).toBe(0);
    // Re-running tops up to N: nothing to add.
    expect(await seedScale(b.db, { people: 2_000 })).toEqual(r);
  });
});

describe.runIf(sharedDatabase)('scale seed on the shared database', () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await openTestDatabase();
  });
  afterAll(() => h?.close());

  it('creates N people and workers in its own organisation', async () => {
    const r = await seedScale(h.db, { people: 2_000, orgName: `Scale Org ${randomUUID()}` });
    expect(await peopleAndWorkers(h.db, r.orgId)).toEqual({ people: 2_000, workers: 2_000 });
  });
});
