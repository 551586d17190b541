// Volume data for performance work: one organisation with N people and a
// worker each, generated set-based inside the database (generate_series), so
// 100k rows cost one round trip per chunk rather than per row. Re-running
// tops the organisation up to N people.
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { enterScope, type Tx, withScope } from '../db/tenant.js';
import { JA_FAMILY_NAMES, JA_GIVEN_NAMES_FEMALE, JA_GIVEN_NAMES_MALE } from './demo.js';
import { todayInJapan } from '../../src/api/contracts/dates.js';

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
  }).then(async (r) => {
    // The people lists' columns (issue 7): their own transactions.
    await seedScalePeople(db, { orgId: r.orgId });
    return r;
  });
}

// ---------------------------------------------------------------------------
// Equipment at scale: N rows in the scale organisation, with a few types,
// items and places, and assigned workers drawn from its people. Set-based
// (generate_series), one transaction per chunk so a long seed commits its
// progress; re-running tops the organisation up to N rows.

const SCALE_TYPES = [
  ['ノートPC', 'S-LAPTOP'],
  ['デスクトップPC', 'S-DESKTOP'],
  ['モニター', 'S-MONITOR'],
  ['スマートフォン', 'S-PHONE'],
  ['タブレット', 'S-TABLET'],
  ['事務机', 'S-DESK'],
  ['椅子', 'S-CHAIR'],
  ['複合機', 'S-MFP'],
] as const;
/** [item name, code, type index, models (maker model)] */
const SCALE_ITEMS: readonly (readonly [string, string, number, readonly string[]])[] = [
  ['ThinkPad', 'S-TP', 0, ['Lenovo ThinkPad X1 Carbon Gen 11', 'Lenovo ThinkPad T14s Gen 4', 'Lenovo ThinkPad L13']],
  ['MacBook', 'S-MB', 0, ['Apple MacBook Air 13 M2', 'Apple MacBook Pro 14 M3', 'Apple MacBook Pro 16 M3 Max']],
  ['Let\'s note', 'S-LN', 0, ['Panasonic CF-SV2', 'Panasonic CF-FV4', 'Panasonic CF-QR4']],
  ['OptiPlex', 'S-OP', 1, ['Dell OptiPlex 7010', 'Dell OptiPlex 5000 Micro']],
  ['27 インチモニター', 'S-MON27', 2, ['Dell U2723QE', 'EIZO FlexScan EV2795', 'LG 27UL850-W']],
  ['24 インチモニター', 'S-MON24', 2, ['Dell P2422H', 'EIZO FlexScan EV2480', 'iiyama ProLite XUB2492HSU']],
  ['iPhone', 'S-IPH', 3, ['Apple iPhone 15', 'Apple iPhone 14', 'Apple iPhone SE 3']],
  ['Android スマートフォン', 'S-AND', 3, ['Google Pixel 8', 'Sony Xperia 10 V', 'Sharp AQUOS sense8']],
  ['iPad', 'S-IPD', 4, ['Apple iPad Air 5', 'Apple iPad 10', 'Apple iPad mini 6']],
  ['昇降デスク', 'S-DSK-UP', 5, ['Okamura Swift', 'Itoki Toolbox', 'Kokuyo Sequence']],
  ['固定デスク', 'S-DSK-FX', 5, ['Kokuyo SD-ISN', 'Plus XL-1207']],
  ['オフィスチェア', 'S-CHR', 6, ['Okamura Contessa II', 'Herman Miller Aeron', 'Steelcase Leap V2', 'Kokuyo ing']],
  ['A3 カラー複合機', 'S-MFP-A3', 7, ['Canon imageRUNNER ADVANCE DX C3826F', 'Ricoh IM C3010', 'Fujifilm Apeos C3060']],
];
const SCALE_PLACES = [
  ['S-TKY-HQ', '東京本社'], ['S-TKY-SHN', '品川オフィス'], ['S-TKY-SBY', '渋谷オフィス'], ['S-YOK', '横浜支店'],
  ['S-SAI', 'さいたま営業所'], ['S-CHB', '千葉営業所'], ['S-OSK', '大阪支社'], ['S-KYT', '京都営業所'],
  ['S-KOB', '神戸営業所'], ['S-NGY', '名古屋支店'], ['S-SPR', '札幌支店'], ['S-SND', '仙台営業所'],
  ['S-HRS', '広島営業所'], ['S-FUK', '福岡支店'], ['S-NAH', '那覇営業所'], ['S-WH-KWS', '川崎倉庫'],
  ['S-WH-ICH', '市川倉庫'], ['S-DC-INZ', '印西データセンター'],
] as const;

// Rows per statement (and transaction). Without the audit trigger each row
// costs only its index entries, so chunks can be larger than seedScale's.
const EQUIPMENT_CHUNK = 50_000;
/** The seed's equipment table opted in to bulk inserts (migration 0034). */
const EQUIPMENT_BULK_TABLES = ['equipment'];

export interface SeedScaleEquipmentOptions {
  equipment: number;
  orgName?: string;
  /** Progress lines (rows inserted so far). */
  log?: (line: string) => void;
}

/** After writes with the triggers off (bulkScope): the organisation's data
 * versions (0021) move as the writes would have moved them, so no list page
 * a server kept from before is served again. */
async function bumpTableVersions(db: Db, orgId: string): Promise<void> {
  await sql`INSERT INTO table_versions (org_id, table_name, v)
    SELECT ${orgId}::uuid, c.relname, 1 FROM pg_class c WHERE c.oid IN (SELECT tgrelid FROM pg_trigger WHERE tgname = 'table_versions_insert')
    ON CONFLICT (org_id, table_name) DO UPDATE SET v = table_versions.v + 1`.execute(db);
}

/** Opens a seeding transaction: as the connecting role, turns triggers off
 * when that role may (see below), then enters the organisation's scope.
 * `bulkTables`: the tables this transaction writes whose triggers fire in
 * every mode (bulk_insert_table, migration 0034); they are disabled as well,
 * and leaveBulkScope puts them back before the transaction commits. */
async function bulkScope(tx: Tx, orgId: string, requestId = 'seed:scale-equipment', bulkTables: readonly string[] = []): Promise<boolean> {
  // Bulk benchmark data only: session_replication_role = replica skips
  // ordinary triggers for this transaction, i.e. the audit trigger (one
  // audit_log row and a to_jsonb of the row per insert: it triples the cost
  // of a million-row seed and fills audit_log with a million synthetic
  // "created" entries) and the foreign-key checks (every reference below is
  // drawn from rows of the same organisation, so they hold). Only a
  // superuser, or a role granted SET on the parameter (PostgreSQL 15+), may
  // change it; otherwise the triggers stay on and the seed is just slower.
  // It is SET LOCAL: it ends with this transaction and never reaches a
  // request's connection. The triggers of a table that opted in to bulk
  // inserts (0034) fire in replica mode too: those are disabled by name of
  // table (ALTER TABLE, as its owner; the change is this transaction's and
  // holds the table's lock until it ends), or all stay on.
  const allowed = await sql<{ ok: boolean }>`
    SELECT (coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false)
        OR coalesce(has_parameter_privilege('session_replication_role', 'SET'), false))
       AND coalesce(bool_and(pg_has_role(current_user, c.relowner, 'USAGE')), true) AS ok
    FROM (SELECT 1) one LEFT JOIN pg_class c ON c.oid = ANY (${bulkTables.map((t) => `public.${t}`)}::regclass[])`.execute(tx);
  const off = Boolean(allowed.rows[0]?.ok);
  if (off) {
    await sql`SET LOCAL session_replication_role = replica`.execute(tx);
    for (const t of bulkTables) await sql`ALTER TABLE ${sql.table(t)} DISABLE TRIGGER USER`.execute(tx);
  }
  await enterScope(tx, { orgId, requestId });
  return off;
}

/** Ends what bulkScope began, before the commit: as the connecting role, the
 * bulk tables' triggers back to their modes (0034). */
async function leaveBulkScope(tx: Tx, off: boolean, bulkTables: readonly string[] = []): Promise<void> {
  if (!off || !bulkTables.length) return;
  await sql`RESET ROLE`.execute(tx);
  for (const t of bulkTables) await sql`SELECT bulk_insert_table(${t}::regclass)`.execute(tx);
}

export async function seedScaleEquipment(
  db: Db,
  opts: SeedScaleEquipmentOptions,
): Promise<{ orgId: string; equipment: number; triggersOff: boolean }> {
  const name = opts.orgName ?? SCALE_ORG_NAME;
  const target = Math.max(0, Math.floor(opts.equipment));
  // The organisation (with no people if seedScale has not run).
  const { orgId } = await seedScale(db, { people: 0, orgName: name });

  // Master data: types, items and places (idempotent by code).
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(727103, hashtext(${name}))`.execute(tx);
    await enterScope(tx, { orgId, requestId: 'seed:scale-equipment' });
    await sql`INSERT INTO equipment_types (org_id, name, code, display_order)
      SELECT ${orgId}::uuid, t.name, t.code, t.ord::int
      FROM unnest(${SCALE_TYPES.map((x) => x[0])}::text[], ${SCALE_TYPES.map((x) => x[1])}::text[]) WITH ORDINALITY AS t(name, code, ord)
      WHERE NOT EXISTS (SELECT 1 FROM equipment_types e WHERE lower(e.code) = lower(t.code) OR lower(e.name) = lower(t.name))
      ORDER BY t.ord`.execute(tx);
    await sql`INSERT INTO equipment_items (org_id, name, code, equipment_type_id, display_order)
      SELECT ${orgId}::uuid, t.name, t.code, et.id, t.ord::int
      FROM unnest(${SCALE_ITEMS.map((x) => x[0])}::text[], ${SCALE_ITEMS.map((x) => x[1])}::text[], ${SCALE_ITEMS.map((x) => SCALE_TYPES[x[2]]![1])}::text[])
        WITH ORDINALITY AS t(name, code, type_code, ord)
      JOIN equipment_types et ON lower(et.code) = lower(t.type_code)
      WHERE NOT EXISTS (SELECT 1 FROM equipment_items e WHERE lower(e.code) = lower(t.code) OR lower(e.name) = lower(t.name))
      ORDER BY t.ord`.execute(tx);
    await sql`INSERT INTO places (org_id, code, name)
      SELECT ${orgId}::uuid, t.code, t.name
      FROM unnest(${SCALE_PLACES.map((x) => x[0])}::text[], ${SCALE_PLACES.map((x) => x[1])}::text[]) WITH ORDINALITY AS t(code, name, ord)
      WHERE NOT EXISTS (SELECT 1 FROM places p WHERE p.code = t.code)
      ORDER BY t.ord`.execute(tx);
  });

  // Item i's models, flattened: model k of item j is models[offset[j] + k].
  const models = SCALE_ITEMS.flatMap((x) => x[3]);
  const offsets = SCALE_ITEMS.map((_, j) => SCALE_ITEMS.slice(0, j).reduce((n, x) => n + x[3].length, 0));
  const counts = SCALE_ITEMS.map((x) => x[3].length);
  const itemCodes = SCALE_ITEMS.map((x) => x[1]);
  const placeCodes = SCALE_PLACES.map((x) => x[0]);
  const makers = ['LNV', 'APL', 'PNS', 'DEL', 'EIZ', 'LGE', 'GOO', 'SNY', 'SHP', 'OKM', 'ITK', 'KKY', 'HMM', 'STC', 'CAN', 'RCH', 'FUJ'];
  const adjectives = ['', '', '', '新品 ', '予備 ', '貸出用 ', '会議室 ', '検証用 ', '共用 ', '在宅用 '];

  let existing = 0;
  let triggersOff = false;
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(727103, hashtext(${name}))`.execute(tx);
      triggersOff = await bulkScope(tx, orgId, 'seed:scale-equipment', EQUIPMENT_BULK_TABLES);
      existing = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM equipment`.execute(tx)).rows[0]!.n);
      if (existing >= target) {
        await leaveBulkScope(tx, triggersOff, EQUIPMENT_BULK_TABLES);
        return true;
      }
      const from = existing + 1;
      const to = Math.min(target, from + EQUIPMENT_CHUNK - 1);
      // Ordinal lookup tables: workers (current ones first by number), items
      // with their type, places. A temporary table per chunk (dropped at commit).
      await sql`CREATE TEMP TABLE scale_workers ON COMMIT DROP AS
        SELECT row_number() OVER (ORDER BY worker_number, id)::int AS n, id FROM workers WHERE ended_on IS NULL`.execute(tx);
      await sql`ALTER TABLE scale_workers ADD PRIMARY KEY (n)`.execute(tx);
      const result = await sql`
        WITH nw AS (SELECT count(*)::int AS n FROM scale_workers),
        items AS (
          SELECT t.ord::int AS j, e.id, e.name, e.equipment_type_id
          FROM unnest(${itemCodes}::text[]) WITH ORDINALITY AS t(code, ord) JOIN equipment_items e ON lower(e.code) = lower(t.code)
        ),
        places_o AS (
          SELECT t.ord::int AS k, p.id FROM unnest(${placeCodes}::text[]) WITH ORDINALITY AS t(code, ord) JOIN places p ON p.code = t.code
        ),
        src AS (
          SELECT i,
                 -- item: skewed towards laptops, monitors and chairs
                 1 + ((i * 7 + i / 13) % (${SCALE_ITEMS.length}::int * 2)) % ${SCALE_ITEMS.length}::int AS j,
                 1 + (i * 11) % ${SCALE_PLACES.length}::int AS k,
                 (i * 2654435761::bigint % 1000)::int AS r
          FROM generate_series(${from}::int, ${to}::int) AS i
        ),
        rows AS (
          SELECT s.i, s.r, it.id AS item_id, it.equipment_type_id AS type_id, coalesce(it.name, '備品') AS item_name, pl.id AS place_id,
                 (${models}::text[])[(${offsets}::int[])[s.j] + 1 + (s.i / 7) % (${counts}::int[])[s.j]] AS model,
                 CASE WHEN s.r < 40 THEN 'DISPOSED' WHEN s.r < 120 THEN 'STORED' WHEN s.r < 150 THEN 'UNDER_REPAIR'
                      WHEN s.r < 200 THEN 'RETURNED' WHEN s.r < 230 THEN 'SCHEDULED_FOR_LENDING' ELSE 'IN_USE' END AS usage_status,
                 CASE WHEN (SELECT n FROM nw) > 0 AND s.r >= 230 AND s.r % 10 <> 0
                      THEN 1 + ((s.i::bigint * 7919) % (SELECT n FROM nw))::int END AS wn
          -- LEFT: in an organisation that already had an item or place of the
          -- same name (so the seed's own was not added), the row goes without.
          FROM src s LEFT JOIN items it ON it.j = s.j LEFT JOIN places_o pl ON pl.k = s.k
        )
        INSERT INTO equipment (org_id, name, equipment_type_id, equipment_item_id, model, serial_number, asset_tag,
          management_type, usage_status, usage_purpose, storage_kind, placement_status, assigned_worker_id, placement_place_id,
          purchase_date, purchase_price, lending_status, verification_result, verification_method, verified_on,
          disposal_method, disposed_on, memo, created_at, updated_at)
        SELECT ${orgId}::uuid,
               (${adjectives}::text[])[1 + (x.i / 3) % cardinality(${adjectives}::text[])] ||
                 CASE WHEN x.short_model LIKE x.item_name || '%' THEN x.short_model ELSE x.item_name || ' ' || x.short_model END ||
                 ' #' || lpad(((x.i::bigint * 48271) % 1000003)::text, 7, '0'),
               x.type_id, x.item_id, x.model,
               (${makers}::text[])[1 + x.i % cardinality(${makers}::text[])] || '-' || upper(substr(md5(x.i::text), 1, 10)),
               'GA-' || lpad(x.i::text, 7, '0'),
               CASE WHEN x.r % 7 = 0 THEN 'DISTRIBUTION_LOG_MANAGEMENT' WHEN x.r % 11 = 0 THEN 'UNMANAGED' ELSE 'INVENTORY_MANAGEMENT' END,
               x.usage_status,
               CASE WHEN w.id IS NOT NULL THEN CASE WHEN x.r % 9 = 0 THEN 'WORK_FROM_HOME' ELSE 'PERSONAL_ASSIGNMENT' END
                    WHEN x.usage_status = 'SCHEDULED_FOR_LENDING' THEN 'SHORT_TERM_LENDING' WHEN x.usage_status = 'IN_USE' THEN 'SHARED_USE' END,
               CASE WHEN x.r % 4 = 0 THEN 'FIXED' WHEN x.usage_status = 'STORED' THEN 'STORED' ELSE 'FREE' END,
               CASE WHEN x.usage_status = 'DISPOSED' THEN 'NOT_PLACED' WHEN x.r % 97 = 5 THEN 'TO_BE_DISPOSED'
                    WHEN x.usage_status IN ('STORED', 'RETURNED') THEN 'STORED' ELSE 'IN_USE' END,
               w.id, x.place_id,
               date '2018-01-01' + (x.i * 17) % 2900,
               (5 + (x.i * 13) % 400) * 1000,
               CASE WHEN x.usage_status = 'SCHEDULED_FOR_LENDING' THEN 'ON_LOAN' WHEN x.r % 5 = 0 THEN 'STOPPED' ELSE 'ACTIVE' END,
               CASE WHEN x.r % 3 = 0 THEN 'OK' WHEN x.r % 31 = 0 THEN 'MISMATCH' ELSE 'UNVERIFIED' END,
               CASE WHEN x.r % 3 = 0 THEN (ARRAY['PHYSICAL_CHECK', 'SCAN', 'PHOTO_RECORD'])[1 + x.i % 3] END,
               CASE WHEN x.r % 3 = 0 THEN date '2024-04-01' + (x.i % 600) END,
               CASE WHEN x.usage_status = 'DISPOSED' THEN (ARRAY['RECYCLING', 'PHYSICAL_DESTRUCTION', 'VENDOR_REQUEST'])[1 + x.i % 3] END,
               CASE WHEN x.usage_status = 'DISPOSED' THEN date '2023-01-01' + (x.i % 1000) END,
               CASE WHEN x.r % 50 = 0 THEN '保守契約あり (' || (2024 + x.i % 3) || ' 年度更新)' END,
               -- created over about four years, in insertion order, to the second
               timestamptz '2021-04-01 09:00:00+09' + make_interval(secs => x.i * 120),
               timestamptz '2021-04-01 09:00:00+09' + make_interval(secs => x.i * 120)
        FROM (SELECT rows.*, regexp_replace(rows.model, '^\\S+ ', '') AS short_model FROM rows) x LEFT JOIN scale_workers w ON w.n = x.wn
      `.execute(tx);
      const inserted = Number(result.numAffectedRows ?? 0);
      if (triggersOff) {
        // The row-count trigger (0004) was off too: add this chunk's rows to
        // the kept total, as the connecting role (the application may not write it).
        await sql`RESET ROLE`.execute(tx);
        await sql`INSERT INTO row_counts (org_id, table_name, n) VALUES (${orgId}::uuid, 'equipment', ${inserted})
          ON CONFLICT (org_id, table_name) DO UPDATE SET n = row_counts.n + excluded.n`.execute(tx);
      }
      await leaveBulkScope(tx, triggersOff, EQUIPMENT_BULK_TABLES);
      opts.log?.(`equipment ${to.toLocaleString('en-US')} / ${target.toLocaleString('en-US')}`);
      return to >= target;
    });
    if (done) break;
  }
  // After a bulk load (as the connecting role, which owns the table): fresh
  // statistics for the planner, and the visibility map set so id-only page
  // and count scans are index-only (autovacuum would get there later).
  await sql`VACUUM (ANALYZE) equipment, people, workers`.execute(db);
  if (triggersOff) await bumpTableVersions(db, orgId);
  const final = await withScope(db, { orgId }, async (tx) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM equipment`.execute(tx)).rows[0]!.n));
  return { orgId, equipment: Math.max(final, existing), triggersOff };
}

// ---------------------------------------------------------------------------
// People at scale (issue 7, the workforce and alumni lists): the master data
// the lists show (positions, job types, titles, grades, competencies), forty
// organisation units, and for every worker not yet given them: lifecycle
// dates (a share at each stage relative to today, recent leavers among the
// alumni), job title, grade, competency, contract dates, an assignment (unit
// and position; a transfer for one in ten), one or two job types, a place,
// and a device for one in three current workers. Set-based, a transaction
// per chunk of workers; a worker counts as done once it has a job type, so
// re-running only fills workers added since.

const PEOPLE_CHUNK = 20_000;
const SCALE_POSITIONS = ['部長', '副部長', '課長', '係長', '主任', '一般', '取締役'];
const SCALE_JOB_TYPES = ['エンジニア', '営業', '企画', '人事', '総務', '経理', '法務', 'カスタマーサポート', 'デザイナー'];
const SCALE_MASTER: Readonly<Record<string, readonly string[]>> = {
  positions: SCALE_POSITIONS,
  job_types: SCALE_JOB_TYPES,
  job_titles: ['マネージャー', 'シニアスペシャリスト', 'スペシャリスト', 'アソシエイト'],
  job_grades: ['M2', 'M1', 'S3', 'S2', 'S1'],
  job_competencies: ['リーダーシップ', '課題解決', 'コミュニケーション', '専門性'],
  employment_types: ['正社員', '契約社員', 'パートタイム'],
  contractor_types: ['業務委託（準委任）', '業務委託（請負）'],
};
const UNIT_PREFIXES = ['第一', '第二', '第三', '第四'];
const UNIT_NAMES = ['営業部', '開発部', '人事部', '経理部', '法務部', '総務部', 'マーケティング部', 'カスタマーサクセス部', '品質保証部', '情報システム部'];

export async function seedScalePeople(db: Db, opts: { orgId: string; log?: (line: string) => void }): Promise<{ filled: number }> {
  const { orgId } = opts;
  const today = todayInJapan();
  const units = UNIT_PREFIXES.flatMap((p) => UNIT_NAMES.map((n) => `${p}${n}`));
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(727104, hashtext(${orgId}))`.execute(tx);
    await enterScope(tx, { orgId, requestId: 'seed:scale-people' });
    for (const [table, names] of Object.entries(SCALE_MASTER)) {
      await sql`INSERT INTO ${sql.table(table)} (org_id, name, display_order)
        SELECT ${orgId}::uuid, t.name, t.ord::int * 10 FROM unnest(${names}::text[]) WITH ORDINALITY AS t(name, ord)
        WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(table)} x WHERE lower(x.name) = lower(t.name)) ORDER BY t.ord`.execute(tx);
    }
    await sql`WITH u AS (
        INSERT INTO org_units (org_id, code)
        SELECT ${orgId}::uuid, 'S-U' || lpad(t.ord::text, 2, '0') FROM unnest(${units}::text[]) WITH ORDINALITY AS t(name, ord)
        WHERE NOT EXISTS (SELECT 1 FROM org_units x WHERE lower(x.code) = lower('S-U' || lpad(t.ord::text, 2, '0')))
        RETURNING id, code)
      INSERT INTO org_unit_versions (org_id, unit_id, name, display_order, valid_from)
      SELECT ${orgId}::uuid, u.id, t.name, t.ord::int * 10, date '2000-01-01'
      FROM u JOIN unnest(${units}::text[]) WITH ORDINALITY AS t(name, ord) ON u.code = 'S-U' || lpad(t.ord::text, 2, '0')`.execute(tx);
    await sql`INSERT INTO places (org_id, code, name)
      SELECT ${orgId}::uuid, t.code, t.name
      FROM unnest(${SCALE_PLACES.map((x) => x[0])}::text[], ${SCALE_PLACES.map((x) => x[1])}::text[]) WITH ORDINALITY AS t(code, name, ord)
      WHERE NOT EXISTS (SELECT 1 FROM places p WHERE p.code = t.code) ORDER BY t.ord`.execute(tx);
  });

  let filled = 0;
  for (;;) {
    const n = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(727104, hashtext(${orgId}))`.execute(tx);
      await bulkScope(tx, orgId, 'seed:scale-people');
      // This chunk's workers, numbered: the scale seed's own by their
      // number (S0000001 → 1), any other by a hash of its id.
      await sql`CREATE TEMP TABLE scale_chunk ON COMMIT DROP AS
        SELECT w.id, w.person_id, w.worker_type, w.started_on, w.ended_on,
               CASE WHEN w.worker_number ~ '^S[0-9]+$' THEN substr(w.worker_number, 2)::int ELSE abs(hashtext(w.id::text)) % 1000000 END AS i
        FROM workers w WHERE NOT EXISTS (SELECT 1 FROM worker_job_types j WHERE j.worker_id = w.id)
        ORDER BY w.id LIMIT ${PEOPLE_CHUNK}`.execute(tx);
      const count = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM scale_chunk`.execute(tx)).rows[0]!.n);
      if (!count) return 0;
      const master = (table: string) => sql`(SELECT array_agg(id ORDER BY display_order, id) FROM ${sql.table(table)})`;
      // Lifecycle by i % 1000 for current workers: 0.5% offered, 0.5% offer
      // accepted, 1% joining, 4% new hires, 1.5% leaving; alumni keep their
      // dates, one in twenty of them left within the last month.
      await sql`UPDATE workers w SET
          offered_on = x.offered, offer_accepted_on = x.accepted, joining_confirmed_on = x.confirmed,
          started_on = x.started, leaving_notified_on = x.notified, ended_on = x.ended,
          job_title_id = CASE WHEN c.worker_type = 'EMPLOYEE' THEN (${master('job_titles')})[1 + c.i % 4] END,
          job_grade_id = CASE WHEN c.worker_type = 'EMPLOYEE' THEN (${master('job_grades')})[1 + c.i % 5] END,
          job_competency_id = (${master('job_competencies')})[1 + c.i % 4],
          employment_type_id = CASE WHEN c.worker_type = 'EMPLOYEE' THEN (${master('employment_types')})[1 + (c.i % 7 = 3)::int] END,
          contractor_type_id = CASE WHEN c.worker_type = 'CONTRACTOR' THEN (${master('contractor_types')})[1 + c.i % 2] END,
          contract_start_on = CASE WHEN c.worker_type = 'CONTRACTOR' OR c.i % 7 = 3 THEN x.started END,
          contract_end_on = CASE WHEN c.worker_type = 'CONTRACTOR' OR c.i % 7 = 3 THEN greatest(x.started, ${today}::date - 200) + 365 END,
          updated_at = now()
        FROM scale_chunk c
        CROSS JOIN LATERAL (SELECT c.i % 1000 AS r, ${today}::date AS d) k
        CROSS JOIN LATERAL (
          SELECT
            CASE WHEN c.ended_on IS NOT NULL THEN c.started_on - 75
                 WHEN k.r < 5 THEN k.d - (1 + c.i % 20) WHEN k.r < 10 THEN k.d - 30 WHEN k.r < 20 THEN k.d - 60 WHEN k.r < 60 THEN k.d - 120 - c.i % 85
                 ELSE c.started_on - 75 END AS offered,
            CASE WHEN c.ended_on IS NOT NULL THEN c.started_on - 60
                 WHEN k.r < 5 THEN NULL WHEN k.r < 10 THEN k.d - (1 + c.i % 10) WHEN k.r < 20 THEN k.d - 45 WHEN k.r < 60 THEN k.d - 100 - c.i % 85
                 ELSE c.started_on - 60 END AS accepted,
            CASE WHEN c.ended_on IS NOT NULL THEN c.started_on - 30
                 WHEN k.r < 10 THEN NULL WHEN k.r < 20 THEN k.d - (1 + c.i % 7) WHEN k.r < 60 THEN k.d - 60 - c.i % 85
                 ELSE c.started_on - 30 END AS confirmed,
            CASE WHEN c.ended_on IS NOT NULL THEN c.started_on
                 WHEN k.r < 5 THEN NULL WHEN k.r < 10 THEN k.d + 30 + c.i % 30 WHEN k.r < 20 THEN k.d + 1 + c.i % 40 WHEN k.r < 60 THEN k.d - c.i % 85
                 ELSE c.started_on END AS started,
            CASE WHEN c.ended_on IS NOT NULL THEN c.ended_on - 30 WHEN k.r >= 60 AND k.r < 75 THEN k.d - (1 + c.i % 20) END AS notified,
            CASE WHEN c.ended_on IS NOT NULL AND c.i % 400 = 3 THEN k.d - (1 + c.i % 28)
                 WHEN c.ended_on IS NOT NULL THEN c.ended_on
                 WHEN k.r >= 60 AND k.r < 75 THEN k.d + c.i % 45 END AS ended
        ) x
        WHERE w.id = c.id`.execute(tx);
      await sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id)
        SELECT ${orgId}::uuid, c.id, (${master('job_types')})[1 + c.i % 9] FROM scale_chunk c
        UNION ALL
        SELECT ${orgId}::uuid, c.id, (${master('job_types')})[1 + (c.i + 3) % 9] FROM scale_chunk c WHERE c.i % 4 = 0`.execute(tx);
      await sql`INSERT INTO worker_places (org_id, worker_id, place_id, is_primary)
        SELECT ${orgId}::uuid, c.id, p.id, true FROM scale_chunk c
        JOIN LATERAL (SELECT id FROM places ORDER BY code OFFSET (c.i * 11) % ${SCALE_PLACES.length}::int LIMIT 1) p ON true`.execute(tx);
      // An assignment from the joining date (until the day after the last);
      // one in ten moved unit after a year.
      await sql`WITH u AS (SELECT array_agg(id ORDER BY code) AS ids FROM org_units WHERE code LIKE 'S-U%'),
        w AS (SELECT c.i, x.id, x.worker_type, coalesce(x.started_on, ${today}::date) AS s, x.ended_on + 1 AS e FROM scale_chunk c JOIN workers x ON x.id = c.id)
        INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, valid_from, valid_to)
        SELECT ${orgId}::uuid, w.id, u.ids[1 + (w.i * 7) % cardinality(u.ids)],
               CASE WHEN w.worker_type = 'BOARD_MEMBER' THEN (${master('positions')})[7] WHEN w.worker_type = 'EMPLOYEE' THEN (${master('positions')})[1 + (w.i % 37) % 6] END,
               w.s, CASE WHEN w.i % 10 = 0 AND w.s + 365 < coalesce(w.e, ${today}::date) THEN w.s + 365 ELSE w.e END
        FROM w, u
        UNION ALL
        SELECT ${orgId}::uuid, w.id, u.ids[1 + (w.i * 7 + 5) % cardinality(u.ids)],
               CASE WHEN w.worker_type = 'BOARD_MEMBER' THEN (${master('positions')})[7] WHEN w.worker_type = 'EMPLOYEE' THEN (${master('positions')})[1 + (w.i % 37) % 6] END,
               w.s + 365, w.e
        FROM w, u WHERE w.i % 10 = 0 AND w.s + 365 < coalesce(w.e, ${today}::date)`.execute(tx);
      // A device for one in three current workers (and one in forty alumni still holds theirs).
      await sql`WITH d AS (
          INSERT INTO devices (org_id, name, genre, device_tag)
          SELECT ${orgId}::uuid, 'PC-' || lpad(c.i::text, 7, '0'), 'laptop', 'SD-' || c.id
          FROM scale_chunk c JOIN workers x ON x.id = c.id
          WHERE ((x.ended_on IS NULL OR x.ended_on >= ${today}::date) AND c.i % 3 = 0) OR (x.ended_on < ${today}::date AND c.i % 40 = 3)
          RETURNING id, device_tag)
        INSERT INTO device_assignments (org_id, device_id, worker_id, assigned_on)
        SELECT ${orgId}::uuid, d.id, x.id, coalesce(least(x.started_on, ${today}::date), ${today}::date)
        FROM d JOIN workers x ON 'SD-' || x.id = d.device_tag`.execute(tx);
      return count;
    });
    if (!n) break;
    filled += n;
    opts.log?.(`people columns: ${filled.toLocaleString('en-US')} workers`);
  }
  if (filled) {
    // The workers' statement triggers were off (bulkScope): the kept workforce
    // rows (0020) and the people's worker lifecycles (0033) are rebuilt from
    // what was written, and the data versions
    // (0021; the kept counts of 0015 key on the workers') move.
    // Statistics first: on a fresh database the refresh's plans would
    // otherwise assume empty tables (minutes instead of seconds at 100k).
    await sql`VACUUM (ANALYZE) workers, people, worker_assignments, worker_job_types, worker_places, device_assignments, devices, org_unit_versions`.execute(db);
    await sql`SELECT worker_list_segments_refresh(ARRAY(SELECT id FROM workers WHERE org_id = ${orgId}))`.execute(db);
    await sql`SELECT people_worker_lifecycles_refresh(ARRAY(SELECT person_id FROM workers WHERE org_id = ${orgId}))`.execute(db);
    await bumpTableVersions(db, orgId);
    await sql`ANALYZE worker_list_segments`.execute(db);
  }
  return { filled };
}
