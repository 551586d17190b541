// The people lists (issue 7; spec 2.6 Workforce and Alumni, 3 People, 9):
// menus and every category with lifecycle dates relative to today (Japan
// time), the id-in filters, the sorts and paging, free text (Japanese names,
// kana, e-mail, worker number), the alumni and their recent-leaver window,
// the counts, the columns, the CSV exports (UTF-8 with BOM, Shift_JIS), the
// filter options, and the HR area.
import crypto from 'node:crypto';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_STAGES, type LifecycleStage, type WorkerType } from '../../src/api/contracts/people-lifecycle.js';
import * as P from '../../src/api/contracts/people.js';
import { withScope } from '../../server/db/tenant.js';
import { stageIn, stageSql } from '../../server/modules/people/sql.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';
import { parse } from '../support/csv.js';
import { todayInJapan } from '../../src/api/contracts/dates.js';

let s: TestServer;
let orgId: string;
let hr: TestAccount;
let hrEn: TestAccount;
let itOnly: TestAccount;
let outsider: TestAccount;

const today = todayInJapan();
const DAY = 86_400_000;
/** today + n days, 'YYYY-MM-DD'. */
const d = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const ja = () => s.client(hr.token);
const en = () => s.client(hrEn.token);

interface WorkerSpec {
  type?: WorkerType;
  number?: string;
  email?: string;
  offered?: string;
  accepted?: string;
  confirmed?: string;
  started?: string;
  notified?: string;
  ended?: string;
  contract?: [string, string];
  title?: string;
  grade?: string;
  competency?: string;
  /** Unit and position, valid from (default: the joining date, else 2000-01-01) to. */
  units?: Array<{ unit: string; position?: string; from?: string; to?: string }>;
  jobTypes?: string[];
  places?: string[];
  devices?: Array<{ id: string; returned?: string }>;
}
interface PersonSpec {
  family: string;
  given: string;
  kana?: [string, string];
  email?: string;
  personalEmail?: string;
  personalPhone?: string;
  workers: WorkerSpec[];
}

const ids: Record<string, { personId: string; workerIds: string[] }> = {};
const master: Record<string, string> = {};

async function person(key: string, p: PersonSpec) {
  ids[key] = await withScope(s.db, { orgId }, async (tx) => {
    const r = await sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, family_name_kana, given_name_kana, email, personal_email, personal_phone)
      VALUES (${orgId}, ${p.family}, ${p.given}, ${p.kana?.[0] ?? null}, ${p.kana?.[1] ?? null}, ${p.email ?? null}, ${p.personalEmail ?? null}, ${p.personalPhone ?? null}) RETURNING id`.execute(tx);
    const personId = r.rows[0]!.id;
    const workerIds: string[] = [];
    for (const w of p.workers) {
      const x = await sql<{ id: string }>`INSERT INTO workers (org_id, person_id, worker_type, worker_number, primary_email, offered_on, offer_accepted_on, joining_confirmed_on,
          started_on, leaving_notified_on, ended_on, contract_start_on, contract_end_on, job_title_id, job_grade_id, job_competency_id)
        VALUES (${orgId}, ${personId}, ${w.type ?? 'EMPLOYEE'}, ${w.number ?? null}, ${w.email ?? null}, ${w.offered ?? null}, ${w.accepted ?? null}, ${w.confirmed ?? null},
          ${w.started ?? null}, ${w.notified ?? null}, ${w.ended ?? null}, ${w.contract?.[0] ?? null}, ${w.contract?.[1] ?? null},
          ${w.title ?? null}, ${w.grade ?? null}, ${w.competency ?? null}) RETURNING id`.execute(tx);
      const workerId = x.rows[0]!.id;
      workerIds.push(workerId);
      for (const u of w.units ?? []) {
        await sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, valid_from, valid_to)
          VALUES (${orgId}, ${workerId}, ${u.unit}, ${u.position ?? null}, ${u.from ?? w.started ?? '2000-01-01'}, ${u.to ?? null})`.execute(tx);
      }
      for (const j of w.jobTypes ?? []) await sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id) VALUES (${orgId}, ${workerId}, ${j})`.execute(tx);
      for (const pl of w.places ?? []) await sql`INSERT INTO worker_places (org_id, worker_id, place_id) VALUES (${orgId}, ${workerId}, ${pl})`.execute(tx);
      for (const dv of w.devices ?? []) {
        await sql`INSERT INTO device_assignments (org_id, device_id, worker_id, assigned_on, returned_on) VALUES (${orgId}, ${dv.id}, ${workerId}, '2020-01-01', ${dv.returned ?? null})`.execute(tx);
      }
    }
    return { personId, workerIds };
  });
}

async function insertMaster(table: string, name: string, order: number): Promise<string> {
  return withScope(s.db, { orgId }, async (tx) => {
    const r = await sql<{ id: string }>`INSERT INTO ${sql.table(table)} (org_id, name, display_order) VALUES (${orgId}, ${name}, ${order}) RETURNING id`.execute(tx);
    return r.rows[0]!.id;
  });
}

/** A unit with dated names: [name, from, to?]. */
async function unit(code: string, versions: Array<[string, string, string?]>): Promise<string> {
  return withScope(s.db, { orgId }, async (tx) => {
    const u = await sql<{ id: string }>`INSERT INTO org_units (org_id, code) VALUES (${orgId}, ${code}) RETURNING id`.execute(tx);
    for (const [name, from, to] of versions) {
      await sql`INSERT INTO org_unit_versions (org_id, unit_id, name, valid_from, valid_to) VALUES (${orgId}, ${u.rows[0]!.id}, ${name}, ${from}, ${to ?? null})`.execute(tx);
    }
    return u.rows[0]!.id;
  });
}

const accountPeople = () => new Set([hr, hrEn, itOnly].map((a) => a.personId));
/** Names of the list's people (without the test accounts' own). */
const names = (items: Array<{ personId: string; name: string }>) => items.filter((r) => !accountPeople().has(r.personId)).map((r) => r.name);
const sorted = (a: string[]) => [...a].sort();

async function workforce(query: Partial<P.WorkforceQuery> = {}) {
  return ja()(P.listWorkforce, { query: { pageSize: 1000, ...query } });
}
async function alumni(query: Partial<P.AlumniQuery> = {}) {
  return ja()(P.listAlumni, { query: { pageSize: 1000, ...query } });
}

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  const otherOrg = await s.createOrg();
  [hr, hrEn, itOnly, outsider] = await Promise.all([
    s.createAccount({ orgId, areas: ['HR'] }),
    s.createAccount({ orgId, areas: ['HR'], locale: 'en-US' }),
    s.createAccount({ orgId, areas: ['IT'] }),
    s.createAccount({ orgId: otherOrg, areas: ['HR'] }),
  ]);
  // The test accounts' own workers carry no dates: undated records count as active employees.
  master.sales = await unit('U-SALES', [['営業部', '2000-01-01']]);
  master.dev = await unit('U-DEV', [['旧開発部', '2000-01-01', d(-100)], ['開発部', d(-100)]]);
  master.closed = await unit('U-CLOSED', [['閉鎖部', '2000-01-01', '2022-01-01']]);
  master.planned = await unit('U-NEW', [['新設部', d(5)]]);
  master.manager = await insertMaster('positions', '課長', 10);
  master.staff = await insertMaster('positions', '一般', 20);
  master.engineer = await insertMaster('job_types', 'エンジニア', 10);
  master.sales_jt = await insertMaster('job_types', '営業', 20);
  master.title = await insertMaster('job_titles', 'マネージャー', 10);
  master.grade = await insertMaster('job_grades', 'M1', 10);
  master.competency = await insertMaster('job_competencies', 'リーダーシップ', 10);
  await withScope(s.db, { orgId }, async (tx) => {
    const pl = await sql<{ id: string; code: string }>`INSERT INTO places (org_id, code, name) VALUES (${orgId}, 'TKY', '東京本社'), (${orgId}, 'OSK', '大阪支社') RETURNING id, code`.execute(tx);
    for (const p of pl.rows) master[p.code] = p.id;
    const dv = await sql<{ id: string; name: string }>`INSERT INTO devices (org_id, name, genre) VALUES (${orgId}, 'MacBook Pro A', 'laptop'), (${orgId}, 'ThinkPad B', 'laptop'), (${orgId}, 'iPhone C', 'mobile') RETURNING id, name`.execute(tx);
    for (const x of dv.rows) master[x.name] = x.id;
  });

  await person('offered', { family: '森', given: '大輝', kana: ['モリ', 'ダイキ'], workers: [{ offered: d(-3) }] });
  await person('accepted', { family: '橋本', given: '蓮', workers: [{ offered: d(-20), accepted: d(-5), started: d(30) }] });
  await person('joining', {
    family: '石川',
    given: '結菜',
    workers: [{ offered: d(-60), accepted: d(-45), confirmed: d(-5), started: d(10), units: [{ unit: master.planned!, position: master.staff!, from: d(10) }] }],
  });
  await person('undatedJoiner', { family: '前田', given: '湊', workers: [{ started: d(20) }] });
  await person('newHire', { family: '藤田', given: '陽葵', workers: [{ started: d(-10), jobTypes: [master.engineer!] }] });
  await person('active', {
    family: '佐藤',
    given: '翔',
    kana: ['サトウ', 'ショウ'],
    email: 'sho.sato@example.jp',
    workers: [
      {
        number: 'E-00042',
        email: 'sato@corp.example',
        started: '2020-04-01',
        contract: ['2020-04-01', '2027-03-31'],
        title: master.title,
        grade: master.grade,
        competency: master.competency,
        units: [
          { unit: master.sales!, position: master.staff!, from: '2020-04-01', to: '2023-04-01' },
          { unit: master.dev!, position: master.manager!, from: '2023-04-01' },
        ],
        jobTypes: [master.engineer!, master.sales_jt!],
        places: [master.TKY!],
        devices: [{ id: master['MacBook Pro A']! }, { id: master['iPhone C']!, returned: '2023-01-01' }],
      },
    ],
  });
  await person('leaving', { family: '後藤', given: '健一', workers: [{ started: '2019-04-01', notified: d(-3), ended: d(10), units: [{ unit: master.sales!, position: master.manager! }] }] });
  await person('alumnus', {
    family: '長谷川',
    given: '真央',
    personalEmail: 'mao@mail.example',
    personalPhone: '090-1111-2222',
    workers: [
      {
        started: '2018-04-01',
        contract: ['2018-04-01', '2019-03-31'],
        notified: d(-40),
        ended: d(-10),
        units: [{ unit: master.dev!, position: master.staff!, from: '2018-04-01', to: d(-9) }],
        jobTypes: [master.sales_jt!],
        places: [master.OSK!],
        devices: [{ id: master['ThinkPad B']! }],
      },
    ],
  });
  await person('oldAlumnus', { family: '小林', given: '誠', workers: [{ started: '2010-04-01', ended: '2022-03-31' }] });
  await person('futureOffer', { family: '未来', given: '内定', workers: [{ offered: d(5) }] });
  await person('board', { family: '高橋', given: '社長', workers: [{ type: 'BOARD_MEMBER', started: '2015-06-01' }] });
  await person('contractor', { family: '中村', given: '請負', workers: [{ type: 'CONTRACTOR', started: '2021-01-01', places: [master.OSK!] }] });
  await person('collaborator', { family: '吉田', given: '顧問', workers: [{ type: 'COLLABORATOR', started: '2022-01-01' }] });
  await person('formerCollaborator', { family: '山口', given: '元顧問', workers: [{ type: 'COLLABORATOR', started: '2019-01-01', ended: d(-40) }] });
  await person('dual', {
    family: '伊藤',
    given: '兼務',
    workers: [
      { started: '2016-04-01', number: 'E-00007' },
      { type: 'BOARD_MEMBER', started: '2023-06-01' },
    ],
  });
  await person('rehired', {
    family: '渡辺',
    given: '再雇用',
    workers: [
      { started: '2012-04-01', ended: '2020-03-31' },
      { type: 'CONTRACTOR', started: '2021-04-01' },
    ],
  });
  await person('formerBoard', {
    family: '松本',
    given: '元役員',
    workers: [
      { started: '2005-04-01', ended: '2015-05-31' },
      { type: 'BOARD_MEMBER', started: '2015-06-01', ended: d(-20) },
    ],
  });
  // Accounts: two active in a live integration for the active employee, one deactivated for the alumnus, one in a deleted integration.
  await withScope(s.db, { orgId }, async (tx) => {
    const i = await sql<{ id: string }>`INSERT INTO app_integrations (org_id, name) VALUES (${orgId}, 'Slack'), (${orgId}, 'GitHub'), (${orgId}, 'Gone') RETURNING id`.execute(tx);
    const [slack, github, gone] = i.rows.map((r) => r.id);
    await sql`UPDATE app_integrations SET deleted_at = now() WHERE id = ${gone}`.execute(tx);
    const u = (integration: string, person: string, active: boolean) =>
      sql`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, person_id, is_active, source) VALUES (${orgId}, ${integration}, ${crypto.randomUUID()}, 'u', ${person}, ${active}, 'SEED')`.execute(tx);
    await u(slack!, ids.active!.personId, true);
    await u(github!, ids.active!.personId, true);
    await u(gone!, ids.active!.personId, true);
    await u(slack!, ids.alumnus!.personId, true);
    await u(github!, ids.alumnus!.personId, false);
  });
}, 60_000);
afterAll(() => s?.close());

describe('the workforce', () => {
  it('lists a menu’s people by lifecycle stage today: every category of the Employee menu', async () => {
    const expected: Record<string, string[]> = {
      'employee-all': ['森 大輝', '橋本 蓮', '石川 結菜', '前田 湊', '藤田 陽葵', '佐藤 翔', '後藤 健一', '伊藤 兼務'],
      'employee-offered': ['森 大輝'],
      'employee-offer-accepted': ['橋本 蓮'],
      // A joining date fixed in the future without a confirmation is joining too.
      'employee-joining': ['石川 結菜', '前田 湊'],
      'employee-active': ['藤田 陽葵', '佐藤 翔', '後藤 健一', '伊藤 兼務'],
      'employee-new-hire': ['藤田 陽葵'],
      'employee-leaving': ['後藤 健一'],
    };
    const counts = (await ja()(P.countWorkforce, { query: { menu: 'Employee' } })).counts;
    const accounts = 3; // the test accounts' undated employee records count as active
    for (const [category, people] of Object.entries(expected)) {
      const r = await workforce({ category });
      expect(sorted(names(r.items)), category).toEqual(sorted(people));
      const withAccounts = category === 'employee-all' || category === 'employee-active' ? accounts : 0;
      expect(r.count, category).toBe(people.length + withAccounts);
      expect(counts[category], category).toBe(r.count);
    }
    expect(Object.keys(counts)).toEqual(['employee-all', 'employee-joining', 'employee-offered', 'employee-offer-accepted', 'employee-active', 'employee-new-hire', 'employee-leaving']);
  });

  it('shows each menu’s worker types; a person with two current records is one row with both types; Collaborator has all and alumni', async () => {
    const board = await workforce({ menu: 'Board', category: 'board-all' });
    expect(sorted(names(board.items))).toEqual(sorted(['高橋 社長', '伊藤 兼務']));
    const contractors = await workforce({ menu: 'Contractor', category: 'contractor-all' });
    expect(sorted(names(contractors.items))).toEqual(sorted(['中村 請負', '渡辺 再雇用']));
    expect((await workforce({ menu: 'Collaborator', category: 'collaborator-all' })).items.map((r) => r.name)).toEqual(['吉田 顧問']);
    expect((await workforce({ menu: 'Collaborator', category: 'collaborator-alumni' })).items.map((r) => r.name)).toEqual(['山口 元顧問']);
    // Another menu's category is the menu's "all".
    expect(sorted(names((await workforce({ menu: 'Collaborator', category: 'employee-joining' })).items))).toEqual(['吉田 顧問']);
    const all = await workforce({ menu: 'All', category: 'all-all' });
    const dual = all.items.filter((r) => r.personId === ids.dual!.personId);
    expect(dual).toHaveLength(1);
    expect(dual[0]!.workerTypes).toEqual(['EMPLOYEE', 'BOARD_MEMBER']);
    expect(dual[0]!.workers.map((w) => w.workerType)).toEqual(['EMPLOYEE', 'BOARD_MEMBER']);
    // Alumni and a future offer are in no workforce list; a rehired contractor is not an employee.
    const allNames = names(all.items);
    for (const gone of ['長谷川 真央', '小林 誠', '未来 内定', '松本 元役員', '山口 元顧問']) expect(allNames).not.toContain(gone);
    expect(names((await workforce()).items)).not.toContain('渡辺 再雇用');
    const counts = (await ja()(P.countWorkforce, { query: { menu: 'Collaborator' } })).counts;
    expect(counts).toEqual({ 'collaborator-all': 1, 'collaborator-alumni': 1 });
  });

  it('gives the spec’s columns: departments and positions as of today, the row worker’s title, grade, competency, dates, devices held and apps', async () => {
    const r = (await workforce({ freeText: '佐藤' })).items.find((x) => x.personId === ids.active!.personId)!;
    expect(r).toMatchObject({
      name: '佐藤 翔',
      kana: 'サトウ ショウ',
      email: 'sato@corp.example',
      workerTypes: ['EMPLOYEE'],
      departments: [{ id: master.dev, name: '開発部' }],
      positions: [{ id: master.manager, name: '課長' }],
      jobTitle: { id: master.title, name: 'マネージャー' },
      jobGrade: { id: master.grade, name: 'M1' },
      jobCompetency: { id: master.competency, name: 'リーダーシップ' },
      jobTypes: [
        { id: master.engineer, name: 'エンジニア' },
        { id: master.sales_jt, name: '営業' },
      ],
      places: [{ id: master.TKY, name: '東京本社' }],
      joinedOn: '2020-04-01',
      leftOn: null,
      contractStartOn: '2020-04-01',
      contractEndOn: '2027-03-31',
      devices: [{ id: master['MacBook Pro A'], name: 'MacBook Pro A' }],
      // Two accounts in live integrations (the deleted integration's does not count).
      appCount: 2,
    });
    expect(r.workers).toEqual([{ workerId: ids.active!.workerIds[0], workerType: 'EMPLOYEE', workerNumber: 'E-00042', stage: 'ACTIVE' }]);
    // A joiner's unit is the one of their joining date (the unit opens then).
    const joiner = (await workforce({ category: 'employee-joining' })).items.find((x) => x.personId === ids.joining!.personId)!;
    expect(joiner.departments).toEqual([{ id: master.planned, name: '新設部' }]);
    expect(joiner.workers[0]!.stage).toBe('JOINING');
    expect((await workforce({ category: 'employee-leaving' })).items.find((x) => x.personId === ids.leaving!.personId)!.leftOn).toBe(d(10));
  });

  it('filters by department, position, job type, worker type and place (all of them at once)', async () => {
    const by = async (q: Partial<P.WorkforceQuery>) => sorted(names((await workforce({ menu: 'All', category: 'all-all', ...q })).items));
    expect(await by({ departmentIdIn: [master.dev!] })).toEqual(['佐藤 翔']);
    expect(await by({ departmentIdIn: [master.sales!] })).toEqual(['後藤 健一']);
    // A joiner belongs to the unit of their joining date.
    expect(await by({ departmentIdIn: [master.planned!] })).toEqual(['石川 結菜']);
    expect(await by({ departmentIdIn: [master.sales!, master.dev!] })).toEqual(sorted(['佐藤 翔', '後藤 健一']));
    expect(await by({ positionIdIn: [master.manager!] })).toEqual(sorted(['佐藤 翔', '後藤 健一']));
    expect(await by({ jobTypeIdIn: [master.engineer!] })).toEqual(sorted(['佐藤 翔', '藤田 陽葵']));
    expect(await by({ placeIdIn: [master.OSK!] })).toEqual(['中村 請負']);
    expect(await by({ workerTypeIdIn: ['BOARD_MEMBER'] })).toEqual(sorted(['高橋 社長', '伊藤 兼務']));
    expect(await by({ workerTypeIdIn: ['BOARD_MEMBER', 'COLLABORATOR'] })).toEqual(sorted(['高橋 社長', '伊藤 兼務', '吉田 顧問']));
    expect(await by({ jobTypeIdIn: [master.engineer!], positionIdIn: [master.manager!], placeIdIn: [master.TKY!] })).toEqual(['佐藤 翔']);
    expect(await by({ jobTypeIdIn: [master.engineer!], placeIdIn: [master.OSK!] })).toEqual([]);
    // The counts follow the filters.
    const counts = (await ja()(P.countWorkforce, { query: { menu: 'Employee', jobTypeIdIn: [master.engineer!] } })).counts;
    expect(counts['employee-all']).toBe(2);
    expect(counts['employee-new-hire']).toBe(1);
  });

  it('sorts by person, worker type, joined on and left on, either way, and pages consistently', async () => {
    const order = async (q: Partial<P.WorkforceQuery>) => names((await workforce({ menu: 'All', category: 'all-all', ...q })).items);
    // By name in the database's collation, either way.
    const byName = await order({ sortColumn: 'PERSON' });
    expect(byName.indexOf('佐藤 翔')).toBeLessThan(byName.indexOf('藤田 陽葵'));
    expect(await order({ sortColumn: 'PERSON', sortOrder: 'desc' })).toEqual([...byName].reverse());
    expect(await order({})).toEqual(byName);
    const joined = (await workforce({ menu: 'All', category: 'all-all', sortColumn: 'JOINED_ON' })).items.filter((r) => !accountPeople().has(r.personId));
    const dates = joined.map((r) => r.joinedOn);
    // Undated last, either way.
    expect(dates.slice(-1)).toEqual([null]);
    const dated = dates.filter((x): x is string => x !== null);
    expect(dated).toEqual([...dated].sort());
    const desc = (await workforce({ menu: 'All', category: 'all-all', sortColumn: 'JOINED_ON', sortOrder: 'desc' })).items.map((r) => r.joinedOn).filter((x) => x !== null);
    expect(desc).toEqual([...dated].reverse());
    expect((await workforce({ menu: 'All', category: 'all-all', sortColumn: 'JOINED_ON', sortOrder: 'desc' })).items.at(-1)!.joinedOn).toBeNull();
    const left = (await workforce({ menu: 'All', category: 'all-all', sortColumn: 'LEFT_ON' })).items;
    expect(left[0]!.name).toBe('後藤 健一');
    expect((await workforce({ menu: 'All', category: 'all-all', sortColumn: 'LEFT_ON', sortOrder: 'desc' })).items[0]!.name).toBe('後藤 健一');
    // Worker type: employees, board, contractors, collaborators (a person by their first type), each by name.
    const typed = (await workforce({ menu: 'All', category: 'all-all', sortColumn: 'WORKER_TYPE' })).items;
    const rank = (r: P.PersonRow) => ['EMPLOYEE', 'BOARD_MEMBER', 'CONTRACTOR', 'COLLABORATOR'].indexOf(r.workerTypes[0]!);
    expect(typed.map(rank)).toEqual(typed.map(rank).sort());
    expect(typed.map((r) => r.name).filter((n) => n === '高橋 社長' || n === '中村 請負' || n === '吉田 顧問')).toEqual(['高橋 社長', '中村 請負', '吉田 顧問']);
    const typedDesc = (await workforce({ menu: 'All', category: 'all-all', sortColumn: 'WORKER_TYPE', sortOrder: 'desc' })).items;
    expect(typedDesc.map((r) => r.personId)).toEqual(typed.map((r) => r.personId).reverse());
    // Pages of 3 (the later ones read from the nearer end) make up the whole list, for each sort.
    for (const sortColumn of P.WORKFORCE_SORTS) {
      const whole = (await workforce({ menu: 'All', category: 'all-all', sortColumn })).items.map((r) => r.personId);
      const paged: string[] = [];
      for (let pageIndex = 0; pageIndex * 3 < whole.length; pageIndex++) {
        const page = await ja()(P.listWorkforce, { query: { menu: 'All', category: 'all-all', sortColumn, pageIndex, pageSize: 3 } });
        expect(page.count).toBe(whole.length);
        paged.push(...page.items.map((r) => r.personId));
      }
      expect(paged, sortColumn).toEqual(whole);
    }
  });

  it('finds people by name with or without the space, kana (in hiragana too), e-mail and worker number', async () => {
    const find = async (freeText: string) => names((await workforce({ menu: 'All', category: 'all-all', freeText })).items);
    expect(await find('佐藤 翔')).toEqual(['佐藤 翔']);
    expect(await find('佐藤翔')).toEqual(['佐藤 翔']);
    expect(await find('佐藤　翔')).toEqual(['佐藤 翔']); // an ideographic space
    expect(await find('サトウ')).toEqual(['佐藤 翔']);
    expect(await find('さとう しょう')).toEqual(['佐藤 翔']);
    expect(await find('sato@corp')).toEqual(['佐藤 翔']);
    expect(await find('ＳＨＯ．ＳＡＴＯ')).toEqual(['佐藤 翔']); // full-width, the person's e-mail
    expect(await find('e-00007')).toEqual(['伊藤 兼務']);
    expect(await find('100%')).toEqual([]);
    // A match across two fields is none.
    expect(await find('翔サトウ')).toEqual([]);
    const counts = (await ja()(P.countWorkforce, { query: { menu: 'Employee', freeText: '佐藤' } })).counts;
    expect(counts['employee-all']).toBe(1);
  });

  it('computes each stage with plain date comparisons exactly as worker_stage does, undated workers too', async () => {
    const stages = await withScope(s.db, { orgId }, async (tx) => {
      const r = await sql<{ id: string; stage: LifecycleStage | null; official: LifecycleStage | null } & Record<string, boolean>>`
        SELECT w.id, ${stageSql('w', today)} AS stage, worker_stage(w, ${today}::date) AS official,
          ${sql.join(LIFECYCLE_STAGES.map((st) => sql`${stageIn('w', [st], today)} AS ${sql.id(st)}`))}
        FROM workers w`.execute(tx);
      return r.rows;
    });
    expect(stages.length).toBeGreaterThan(20);
    for (const w of stages) {
      expect(w.stage).toBe(w.official);
      for (const st of LIFECYCLE_STAGES) expect(Boolean(w[st]), `${w.id} ${st}`).toBe(w.stage === st);
    }
  });
});

describe('the alumni', () => {
  it('lists people none of whose workers is current, by their last worker’s type, most recent leavers first', async () => {
    const all = await alumni();
    expect(all.items.map((r) => r.name)).toEqual(['長谷川 真央', '松本 元役員', '山口 元顧問', '小林 誠']);
    expect((await alumni({ category: 'employee' })).items.map((r) => r.name)).toEqual(['長谷川 真央', '小林 誠']);
    // The last worker decides: a former employee who then sat on the board is board alumni.
    expect((await alumni({ category: 'board' })).items.map((r) => r.name)).toEqual(['松本 元役員']);
    expect((await alumni({ category: 'collaborator' })).items.map((r) => r.name)).toEqual(['山口 元顧問']);
    expect((await alumni({ category: 'contractor' })).items).toEqual([]);
    const counts = (await ja()(P.countAlumni, {})).counts;
    expect(counts).toEqual({ employee: 2, board: 1, contractor: 0, collaborator: 1, 'all-alumni': 4 });
    // A rehired person (current contractor) and someone leaving this month are not alumni.
    expect(all.items.map((r) => r.name)).not.toContain('渡辺 再雇用');
    expect(all.items.map((r) => r.name)).not.toContain('後藤 健一');
  });

  it('limits to people who left within a month: the window the console sends, one month back through today', async () => {
    const window = P.recentLeaverWindow(today);
    expect(window.leavingDateTo).toBe(today);
    expect(P.recentLeaverWindow('2025-03-31')).toEqual({ leavingDateFrom: '2025-02-28', leavingDateTo: '2025-03-31' });
    expect(P.recentLeaverWindow('2025-01-15')).toEqual({ leavingDateFrom: '2024-12-15', leavingDateTo: '2025-01-15' });
    const recent = await alumni(window);
    expect(recent.items.map((r) => r.name)).toEqual(['長谷川 真央', '松本 元役員']);
    expect(recent.count).toBe(2);
    expect((await ja()(P.countAlumni, { query: window })).counts['all-alumni']).toBe(2);
    expect((await alumni({ ...window, category: 'board' })).items.map((r) => r.name)).toEqual(['松本 元役員']);
  });

  it('gives the alumni columns: leaving date, personal contact, last type and job types, departments as of the last day, dates, devices still held, active apps', async () => {
    const r = (await alumni()).items.find((x) => x.personId === ids.alumnus!.personId)!;
    expect(r).toMatchObject({
      name: '長谷川 真央',
      leavingDate: d(-10),
      personalEmail: 'mao@mail.example',
      personalPhone: '090-1111-2222',
      lastWorkerType: 'EMPLOYEE',
      lastJobTypes: [{ id: master.sales_jt, name: '営業' }],
      departments: [{ id: master.dev, name: '開発部' }],
      positions: [{ id: master.staff, name: '一般' }],
      places: [{ id: master.OSK, name: '大阪支社' }],
      joiningDate: '2018-04-01',
      contractStartDate: '2018-04-01',
      startingDate: '2018-04-01',
      devices: [{ id: master['ThinkPad B'], name: 'ThinkPad B' }],
      appCount: 1,
    });
    const board = (await alumni({ category: 'board' })).items[0]!;
    // Joining date: the person's first; starting date: the last worker's.
    expect(board).toMatchObject({ joiningDate: '2005-04-01', startingDate: '2015-06-01', leavingDate: d(-20) });
    expect(board.workers.map((w) => [w.workerType, w.stage])).toEqual([
      ['BOARD_MEMBER', 'ALUMNI'],
      ['EMPLOYEE', 'ALUMNI'],
    ]);
  });

  it('sorts by leaving date, person and joining date, filters and searches', async () => {
    const order = async (q: Partial<P.AlumniQuery>) => (await alumni(q)).items.map((r) => r.name);
    expect(await order({ sortColumn: 'LEAVING_DATE' })).toEqual(['小林 誠', '山口 元顧問', '松本 元役員', '長谷川 真央']);
    expect(await order({ sortColumn: 'LEAVING_DATE', sortOrder: 'desc' })).toEqual(['長谷川 真央', '松本 元役員', '山口 元顧問', '小林 誠']);
    const byName = await order({ sortColumn: 'PERSON' });
    expect(sorted(byName)).toEqual(sorted(['長谷川 真央', '松本 元役員', '山口 元顧問', '小林 誠']));
    expect(await order({ sortColumn: 'PERSON', sortOrder: 'desc' })).toEqual([...byName].reverse());
    expect(await order({ sortColumn: 'JOINING_DATE' })).toEqual(['松本 元役員', '小林 誠', '長谷川 真央', '山口 元顧問']);
    expect(await order({ sortColumn: 'JOINING_DATE', sortOrder: 'desc' })).toEqual(['山口 元顧問', '長谷川 真央', '小林 誠', '松本 元役員']);
    expect(await order({ departmentIdIn: [master.dev!] })).toEqual(['長谷川 真央']);
    expect(await order({ jobTypeIdIn: [master.sales_jt!] })).toEqual(['長谷川 真央']);
    expect(await order({ workerTypeIdIn: ['COLLABORATOR'] })).toEqual(['山口 元顧問']);
    expect(await order({ freeText: 'はせがわ' })).toEqual([]); // no kana recorded
    expect(await order({ freeText: 'mao@mail' })).toEqual(['長谷川 真央']);
    expect(await order({ freeText: '長谷川' })).toEqual(['長谷川 真央']);
    const pages = [0, 1, 2].map((pageIndex) => ja()(P.listAlumni, { query: { pageIndex, pageSize: 2, sortColumn: 'PERSON' } }));
    expect((await Promise.all(pages)).flatMap((p) => p.items.map((r) => r.name))).toEqual(byName);
  });
});

describe('CSV exports', () => {
  const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const download = async (url: string) => {
    const res = await s.app.request(url);
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('streams every person the filters select (not only a page), with a BOM and Japanese headers, as people-export-<date>.csv', async () => {
    const r = await ja()(P.exportWorkforceCsv, { query: { menu: 'All', category: 'all-active', jobTypeIdIn: [master.engineer!] } });
    expect(r.mode).toBe('view');
    expect(r.filename).toBe(`people-export-${today}.csv`);
    const { res, bytes } = await download(r.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(r.filename);
    const text = utf8(bytes);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header = [], ...rows] = parse(text.slice(1)).filter((x) => x.some(Boolean));
    expect(header.slice(0, 6)).toEqual(['氏名', '氏名（カナ）', 'メールアドレス', '社員番号', '雇用区分', 'ステータス']);
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((x) => x[0])).toEqual(['佐藤 翔', '藤田 陽葵']);
    const sato = rows[0]!;
    expect([sato[col('社員番号')], sato[col('ステータス')], sato[col('部署')], sato[col('職種')], sato[col('デバイス')], sato[col('アプリ数')], sato[col('契約終了日')]]).toEqual([
      'E-00042',
      '在籍',
      '開発部',
      'エンジニア / 営業',
      'MacBook Pro A',
      '2',
      '2027-03-31',
    ]);
    expect(rows[1]![col('ステータス')]).toBe('新入社員');
  });

  it('streams the whole list in name order, as the list shows it', async () => {
    const r = await ja()(P.exportWorkforceCsv, { query: { menu: 'All', category: 'all-all' } });
    const rows = parse(utf8((await download(r.url)).bytes).slice(1)).filter((x) => x.some(Boolean));
    const list = await workforce({ menu: 'All', category: 'all-all', sortColumn: 'PERSON' });
    expect(rows.slice(1).map((x) => x[0])).toEqual(list.items.map((x) => x.name));
  });

  it('exports the alumni (recent leavers here) in Shift_JIS, and in English for an English-speaking caller', async () => {
    const r = await ja()(P.exportAlumniCsv, { query: { ...P.recentLeaverWindow(today), encoding: 'Shift_JIS' } });
    expect(r.filename).toBe(`alumni-export-${today}.csv`);
    const { res, bytes } = await download(r.url);
    expect(res.headers.get('content-type')).toContain('shift_jis');
    expect(bytes[0]).not.toBe(0xef);
    const [header = [], ...rows] = parse(iconv.decode(Buffer.from(bytes), 'cp932')).filter((x) => x.some(Boolean));
    expect(header.slice(0, 3)).toEqual(['退職日', '氏名', '氏名（カナ）']);
    expect(rows.map((x) => [x[0], x[1], x[header.indexOf('最後の雇用区分')]])).toEqual([
      [d(-10), '長谷川 真央', '従業員'],
      [d(-20), '松本 元役員', '役員'],
    ]);
    const e = await en()(P.exportAlumniCsv, {});
    const [h = [], ...all] = parse(utf8((await download(e.url)).bytes).slice(1)).filter((x) => x.some(Boolean));
    expect(h.slice(0, 2)).toEqual(['Leaving date', 'Name']);
    expect(all).toHaveLength(4);
    expect(all[0]![h.indexOf('Last worker type')]).toBe('Employee');
  });
});

describe('filter options and access', () => {
  it('offers units as of today (a closed or not yet opened one is not), enabled positions and job types; chips’ ids always', async () => {
    const deps = (await ja()(P.peopleFilterOptions, { query: { kind: 'DEPARTMENT' } })).items.map((x) => x.name);
    expect(sorted(deps)).toEqual(sorted(['営業部', '開発部']));
    const chip = (await ja()(P.peopleFilterOptions, { query: { kind: 'DEPARTMENT', ids: [master.closed!], freeText: 'zzz' } })).items;
    expect(chip).toEqual([{ id: master.closed, name: '閉鎖部' }]);
    expect((await ja()(P.peopleFilterOptions, { query: { kind: 'POSITION' } })).items.map((x) => x.name)).toEqual(['課長', '一般']);
    expect((await ja()(P.peopleFilterOptions, { query: { kind: 'JOB_TYPE', freeText: 'エンジ' } })).items.map((x) => x.name)).toEqual(['エンジニア']);
  });

  it('belongs to the HR area: 403 with a message in the caller’s language; another organisation sees none of these people', async () => {
    const e = await apiFailure(s.client(itOnly.token)(P.listWorkforce, {}));
    expect(e.status).toBe(403);
    expect(e.body.code).toBe('FORBIDDEN');
    for (const c of [P.countWorkforce, P.listAlumni, P.countAlumni, P.exportWorkforceCsv, P.exportAlumniCsv, P.peopleFilterOptions] as const) {
      expect((await apiFailure(s.client(itOnly.token)(c as typeof P.countAlumni, { query: { kind: 'POSITION' } as never }))).status, c.id).toBe(403);
    }
    const other = await s.client(outsider.token)(P.listWorkforce, { query: { menu: 'All', category: 'all-all' } });
    expect(other.items.map((r) => r.personId)).toEqual([outsider.personId]);
    expect((await s.client(outsider.token)(P.listAlumni, {})).count).toBe(0);
    // A workforce filter naming another organisation's unit selects nothing.
    expect((await s.client(outsider.token)(P.listWorkforce, { query: { departmentIdIn: [master.dev!] } })).items).toEqual([]);
  });

  it('keeps what was typed in a validation error, in the caller’s language', async () => {
    const e = await apiFailure(en()(P.listWorkforce, { query: { workerTypeIdIn: ['NOBODY' as WorkerType] } }));
    expect(e.status).toBe(400);
    expect(e.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(e.body.fieldErrors ?? {}).join()).toContain('workerTypeIdIn');
    // A day that does not exist is a field error too, not a failed date cast (a 500).
    const bad = await apiFailure(en()(P.listAlumni, { query: { leavingDateFrom: '2024-02-30' } }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toContain('leavingDateFrom');
  });
});

describe('kept counts', () => {
  it('follow every change of the workers: a new offer counts at once', async () => {
    const before = (await ja()(P.countWorkforce, { query: { menu: 'Employee' } })).counts;
    const list = await workforce({ category: 'employee-offered' });
    expect(list.count).toBe(before['employee-offered']);
    await person('newOffer', { family: '新規', given: '内定者', workers: [{ offered: d(-1) }] });
    const after = (await ja()(P.countWorkforce, { query: { menu: 'Employee' } })).counts;
    expect(after['employee-offered']).toBe(before['employee-offered']! + 1);
    expect(after['employee-all']).toBe(before['employee-all']! + 1);
    expect((await workforce({ category: 'employee-offered' })).count).toBe(list.count + 1);
    // An update too: the offer is accepted.
    await withScope(s.db, { orgId }, (tx) => sql`UPDATE workers SET offer_accepted_on = ${today} WHERE id = ${ids.newOffer!.workerIds[0]}`.execute(tx));
    const accepted = (await ja()(P.countWorkforce, { query: { menu: 'Employee' } })).counts;
    expect([accepted['employee-offered'], accepted['employee-offer-accepted']]).toEqual([before['employee-offered'], before['employee-offer-accepted']! + 1]);
    // Alumni likewise.
    const alumniBefore = (await ja()(P.countAlumni, {})).counts['all-alumni']!;
    await withScope(s.db, { orgId }, (tx) => sql`UPDATE workers SET ended_on = ${d(-1)} WHERE id = ${ids.newOffer!.workerIds[0]}`.execute(tx));
    expect((await ja()(P.countAlumni, {})).counts['all-alumni']).toBe(alumniBefore + 1);
    expect((await alumni()).count).toBe(alumniBefore + 1);
  });

  it('are kept by the call that computed them: its answer does not wait for its COMMIT (a read), which still lands', async () => {
    const kept = () =>
      withScope(s.db, { orgId }, async (tx) =>
        (await sql<{ counts: Record<string, number> }>`SELECT counts FROM people_list_counts WHERE list = 'workforce:Board' AND day = ${today}::date`.execute(tx)).rows.map((r) => r.counts),
      );
    await withScope(s.db, { orgId }, (tx) => sql`DELETE FROM people_list_counts WHERE list = 'workforce:Board'`.execute(tx));
    expect(await kept()).toEqual([]);
    const counts = (await ja()(P.countWorkforce, { query: { menu: 'Board' } })).counts;
    expect(counts['board-all']).toBe(2);
    await expect.poll(kept, { timeout: 2_000 }).toEqual([expect.objectContaining({ 'board-all': 2 })]);
  });
});

describe('a free-text search in name order', () => {
  // The search reads each match's workers from its person row
  // (people.worker_lifecycles, migration 0033), kept by triggers on workers:
  // every kind of write to a worker shows in the next search.
  it('follows every change of the workers: moved to another person, a new type, left, added, removed', async () => {
    await person('searchA', { family: '検索', given: '追従', workers: [{ started: '2020-04-01' }] });
    await person('searchB', { family: '検索', given: '別人', workers: [] });
    const worker = ids.searchA!.workerIds[0]!;
    const find = async (menu: P.WorkforceQuery['menu']) => names((await workforce({ menu, freeText: '検索' })).items);
    const write = (q: ReturnType<typeof sql>) => withScope(s.db, { orgId }, (tx) => q.execute(tx));
    expect(await find('Employee')).toEqual(['検索 追従']);

    await write(sql`UPDATE workers SET person_id = ${ids.searchB!.personId} WHERE id = ${worker}`);
    expect(await find('Employee')).toEqual(['検索 別人']);
    await write(sql`UPDATE workers SET worker_type = 'CONTRACTOR' WHERE id = ${worker}`);
    expect(await find('Employee')).toEqual([]);
    expect(await find('Contractor')).toEqual(['検索 別人']);
    await write(sql`UPDATE workers SET ended_on = ${d(-1)} WHERE id = ${worker}`);
    expect(await find('Contractor')).toEqual([]);
    expect(names((await workforce({ menu: 'Contractor', category: 'contractor-leaving', freeText: '検索' })).items)).toEqual([]);

    await write(sql`INSERT INTO workers (org_id, person_id, worker_type, offered_on) VALUES (${orgId}, ${ids.searchA!.personId}, 'EMPLOYEE', ${d(-1)})`);
    expect(await find('Employee')).toEqual(['検索 追従']);
    expect(names((await workforce({ menu: 'Employee', category: 'employee-offered', freeText: '検索' })).items)).toEqual(['検索 追従']);
    expect(names((await workforce({ menu: 'Employee', category: 'employee-active', freeText: '検索' })).items)).toEqual([]);
    await write(sql`DELETE FROM workers WHERE person_id = ${ids.searchA!.personId}`);
    expect(await find('Employee')).toEqual([]);
    expect(await find('All')).toEqual([]);

    // Derived data, not the person's: none of it is in the person's history.
    const audit = await withScope(s.db, { orgId }, async (tx) =>
      (await sql<{ action: string; after: Record<string, unknown> }>`SELECT action, after FROM audit_log
        WHERE table_name = 'people' AND record_id IN (${ids.searchA!.personId}, ${ids.searchB!.personId})`.execute(tx)).rows,
    );
    expect(audit.map((a) => a.action)).toEqual(['INSERT', 'INSERT']);
    expect(audit.every((a) => !('worker_lifecycles' in a.after) && a.after.family_name === '検索')).toBe(true);
  });

  // Two connections: PostgreSQL only (PGlite has one).
  it.runIf(!!process.env.DATABASE_URL)('keeps both of two workers added to one person by two transactions at once', async () => {
    await person('concurrent', { family: '同時', given: '追加', workers: [] });
    const personId = ids.concurrent!.personId;
    const add = (tx: Parameters<Parameters<typeof withScope>[2]>[0], type: WorkerType) =>
      sql`INSERT INTO workers (org_id, person_id, worker_type, started_on) VALUES (${orgId}, ${personId}, ${type}, '2020-04-01')`.execute(tx);
    let inserted!: () => void;
    const firstInserted = new Promise<void>((r) => (inserted = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The first adds an employee record and holds its transaction open; the
    // second adds a contractor record meanwhile, then the first commits.
    const first = withScope(s.db, { orgId }, async (tx) => {
      await add(tx, 'EMPLOYEE');
      inserted();
      await held;
    });
    await firstInserted;
    const second = withScope(s.db, { orgId }, (tx) => add(tx, 'CONTRACTOR'));
    await new Promise((r) => setTimeout(r, 200));
    release();
    await Promise.all([first, second]);
    const find = async (menu: P.WorkforceQuery['menu']) => names((await workforce({ menu, freeText: '同時' })).items);
    expect(await find('Employee')).toEqual(['同時 追加']);
    expect(await find('Contractor')).toEqual(['同時 追加']);
  });
});
