// Adding people, as HR meets it through the API: a person with their first
// worker record (names, kana stored as katakana, the type name that fits the
// worker type, department and position from the joining date, job types,
// places, a lifecycle event), another worker record for the same person,
// every rule's message in the caller's language and what was typed kept;
// then people from a Shift_JIS CSV with Japanese headers, kana and era dates:
// dry run, all-or-nothing import, update by worker number, the template and
// the current people to download, which re-import unchanged.
import crypto from 'node:crypto';
import iconv from 'iconv-lite';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorker, createPerson, exportPeopleCsv, importPeopleCsv, type CreatePersonInput } from '../../src/api/contracts/person-add.js';
import { getWorkerFieldOptions } from '../../src/api/contracts/person.js';
import { presignImportCsv } from '../../src/api/contracts/storage.js';
import { withScope } from '../../server/db/tenant.js';
import { apiFailure } from '../support/api.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { parse, toCsv } from '../support/csv.js';

let s: TestServer;
let orgId: string;
let hr: TestAccount;
let hrEn: TestAccount;
let itOnly: TestAccount;
let other: TestAccount;
const m = () => crypto.randomUUID().slice(0, 8);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
const ids: Record<string, string> = {};

const q = <T,>(text: RawBuilder<T>) => withScope(s.db, { orgId }, async (tx) => (await text.execute(tx)).rows);
async function master(table: string, name: string, o: { code?: string; disabled?: boolean } = {}) {
  const [row] = await q(sql<{ id: string }>`INSERT INTO ${sql.table(table)} (org_id, name, code, disabled_at) VALUES (${orgId}, ${name}, ${o.code ?? null}, ${o.disabled ? new Date() : null}) RETURNING id`);
  return row!.id;
}
async function unit(name: string, o: { code?: string; parent?: string; from?: string; to?: string } = {}) {
  const [u] = await q(sql<{ id: string }>`INSERT INTO org_units (org_id, code) VALUES (${orgId}, ${o.code ?? null}) RETURNING id`);
  await q(sql`INSERT INTO org_unit_versions (org_id, unit_id, name, parent_unit_id, valid_from, valid_to) VALUES (${orgId}, ${u!.id}, ${name}, ${o.parent ?? null}, ${o.from ?? '2000-01-01'}, ${o.to ?? null})`);
  return u!.id;
}

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  const otherOrg = await s.createOrg();
  [hr, hrEn, itOnly, other] = await Promise.all([
    s.createAccount({ orgId, areas: ['HR'] }),
    s.createAccount({ orgId, areas: ['HR'], locale: 'en-US' }),
    s.createAccount({ orgId, areas: ['IT'] }),
    s.createAccount({ orgId: otherOrg, areas: ['HR'] }),
  ]);
  ids.fullTime = await master('employment_types', '正社員', { code: 'FT' });
  ids.partTime = await master('employment_types', 'パート', { code: 'PT' });
  ids.oldType = await master('employment_types', '嘱託（廃止）', { disabled: true });
  ids.outsourcing = await master('contractor_types', '業務委託（準委任）');
  ids.engineer = await master('job_titles', 'エンジニア');
  ids.grade3 = await master('job_grades', 'G3');
  ids.level2 = await master('job_levels', 'L2');
  ids.leadership = await master('job_competencies', 'リーダーシップ');
  ids.dev = await master('job_types', '開発', { code: 'DEV' });
  ids.design = await master('job_types', 'デザイン', { code: 'DSN' });
  ids.manager = await master('positions', '課長');
  ids.member = await master('positions', 'メンバー');
  ids.head = await unit('本社', { code: 'HQ' });
  ids.sales = await unit('営業部', { code: 'SALES', parent: ids.head });
  ids.dev1 = await unit('開発部', { code: 'DEV1', parent: ids.head });
  ids.closed = await unit('旧企画部', { from: '2000-01-01', to: '2020-04-01' });
  const places = await q(sql<{ id: string }>`INSERT INTO places (org_id, code, name) VALUES (${orgId}, 'TKY', '東京オフィス'), (${orgId}, 'OSK', '大阪オフィス') RETURNING id`);
  ids.tokyo = places[0]!.id;
  ids.osaka = places[1]!.id;
});
afterAll(() => s?.close());

const employee = (over: Partial<CreatePersonInput> = {}): CreatePersonInput => ({
  familyName: '山田',
  givenName: '花子',
  familyNameKana: 'やまだ',
  givenNameKana: 'ﾊﾅｺ',
  workerType: 'EMPLOYEE',
  workerNumber: `E-${m()}`,
  primaryWorkerEmail: `hanako-${m()}@acme.test`,
  employmentTypeId: ids.fullTime,
  joiningDate: '2025-04-01',
  ...over,
});

describe('adding a person', () => {
  it('writes the person, the worker, its job types, places, membership and lifecycle event', async () => {
    const body = employee({
      birthDate: '1990-05-06',
      gender: 'FEMALE',
      personalPhone: '０９０-１２３４-５６７８',
      jobTitleId: ids.engineer,
      jobGradeId: ids.grade3,
      jobLevelId: ids.level2,
      jobCompetencyId: ids.leadership,
      jobTypeIds: [ids.dev!, ids.design!],
      placeIds: [ids.osaka!, ids.tokyo!],
      departmentId: ids.dev1,
      positionId: ids.manager,
      contractStartDate: '2025-04-01',
      contractEndDate: '2026-03-31',
    });
    const r = await s.client(hr.token)(createPerson, { body });
    const [p] = await q(sql<Record<string, unknown>>`SELECT family_name, given_name, family_name_kana, given_name_kana, email, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, gender, personal_phone FROM people WHERE id = ${r.id}`);
    expect(p).toEqual({
      family_name: '山田',
      given_name: '花子',
      family_name_kana: 'ヤマダ',
      given_name_kana: 'ハナコ',
      // The person's e-mail is the work e-mail when none is given.
      email: body.primaryWorkerEmail,
      birth_date: '1990-05-06',
      gender: 'FEMALE',
      personal_phone: '090-1234-5678',
    });
    const [w] = await q(sql<Record<string, unknown>>`SELECT person_id, worker_type, worker_number, employment_type_id, job_title_id, job_grade_id, job_level_id, job_competency_id,
      to_char(started_on, 'YYYY-MM-DD') AS started_on, to_char(contract_end_on, 'YYYY-MM-DD') AS contract_end_on FROM workers WHERE id = ${r.workerId}`);
    expect(w).toEqual({
      person_id: r.id,
      worker_type: 'EMPLOYEE',
      worker_number: body.workerNumber,
      employment_type_id: ids.fullTime,
      job_title_id: ids.engineer,
      job_grade_id: ids.grade3,
      job_level_id: ids.level2,
      job_competency_id: ids.leadership,
      started_on: '2025-04-01',
      contract_end_on: '2026-03-31',
    });
    expect((await q(sql<{ job_type_id: string }>`SELECT job_type_id FROM worker_job_types WHERE worker_id = ${r.workerId}`)).map((x) => x.job_type_id).sort()).toEqual([ids.dev, ids.design].sort());
    expect(await q(sql`SELECT place_id, is_primary FROM worker_places WHERE worker_id = ${r.workerId} ORDER BY is_primary DESC`)).toEqual([
      { place_id: ids.osaka, is_primary: true },
      { place_id: ids.tokyo, is_primary: false },
    ]);
    expect(await q(sql`SELECT unit_id, position_id, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, valid_to FROM worker_assignments WHERE worker_id = ${r.workerId}`)).toEqual([
      { unit_id: ids.dev1, position_id: ids.manager, valid_from: '2025-04-01', valid_to: null },
    ]);
    const events = await q(sql<{ stage: string; effective_on: string; note: string; recorded_by: string }>`SELECT stage, to_char(effective_on, 'YYYY-MM-DD') AS effective_on, note, recorded_by FROM worker_lifecycle_events WHERE worker_id = ${r.workerId}`);
    expect(events).toEqual([{ stage: 'ACTIVE', effective_on: '2025-04-01', note: '人物の追加画面で登録', recorded_by: hr.accountId }]);
    // The audit trail names who added them.
    const audit = (await sql<{ table_name: string; actor_account_id: string }>`SELECT table_name, actor_account_id FROM audit_log
      WHERE org_id = ${orgId} AND record_id IN (${r.id}, ${r.workerId}) ORDER BY table_name`.execute(s.db)).rows;
    expect(audit.map((a) => [a.table_name, a.actor_account_id])).toEqual([
      ['people', hr.accountId],
      ['workers', hr.accountId],
    ]);
  });

  it('an offer date alone registers an offered worker', async () => {
    const r = await s.client(hr.token)(createPerson, { body: employee({ joiningDate: null, offerDate: '2025-01-15', departmentId: ids.sales }) });
    const [w] = await q(sql<{ stage: string }>`SELECT worker_stage(w, ${today}::date) AS stage FROM workers w WHERE id = ${r.workerId}`);
    expect(w!.stage).toBe('OFFERED');
    expect(await q(sql`SELECT stage FROM worker_lifecycle_events WHERE worker_id = ${r.workerId}`)).toEqual([{ stage: 'OFFERED' }]);
  });

  it('refuses with every field error at once, in the caller’s language', async () => {
    const taken = employee();
    await s.client(hr.token)(createPerson, { body: taken });
    const body = employee({
      familyName: '  ',
      givenNameKana: 'Hanako',
      primaryWorkerEmail: 'not-an-email',
      workerNumber: taken.workerNumber!.toLowerCase(),
      employmentTypeId: ids.oldType,
      contractorTypeId: ids.outsourcing,
      joiningDate: null,
      contractStartDate: '2025-04-01',
      contractEndDate: '2025-03-31',
    });
    const ja = await apiFailure(s.client(hr.token)(createPerson, { body: { ...body, familyName: '  ' } }));
    expect(ja.status).toBe(400);
    // Schema errors first (blank name, e-mail)…
    expect(ja.body.fieldErrors).toMatchObject({ familyName: [expect.stringContaining('空白')], primaryWorkerEmail: [expect.any(String)] });
    // …then the rules, all together.
    const en = await apiFailure(s.client(hrEn.token)(createPerson, { body: { ...body, familyName: 'Yamada', primaryWorkerEmail: null } }));
    expect(en.body.fieldErrors).toEqual({
      givenNameKana: ['Enter the reading in katakana or hiragana.'],
      workerNumber: ['This worker number is already in use.'],
      employmentTypeId: ['A disabled item cannot be chosen.'],
      contractorTypeId: ['This does not apply to this type of worker.'],
      joiningDate: ['Enter a joining date or an offer date.'],
      contractEndDate: ['The contract end date must be on or after its start date.'],
    });
    const closed = await apiFailure(s.client(hrEn.token)(createPerson, { body: employee({ departmentId: ids.closed, positionId: ids.member }) }));
    expect(closed.body.fieldErrors).toEqual({ departmentId: ['This department does not exist on the first day.'] });
  });

  it('another organisation’s references are not found; without the HR area it is forbidden', async () => {
    const foreign = await apiFailure(s.client(other.token)(createPerson, { body: employee() }));
    expect(foreign.body.fieldErrors).toMatchObject({ employmentTypeId: [expect.any(String)] });
    expect((await apiFailure(s.client(itOnly.token)(createPerson, { body: employee() }))).status).toBe(403);
  });

  it('a person holds several worker records: employee, then contractor; not two current employees', async () => {
    const r = await s.client(hr.token)(createPerson, { body: employee() });
    const again = await apiFailure(s.client(hrEn.token)(addWorker, { params: { personId: r.id }, body: { workerType: 'EMPLOYEE', joiningDate: '2025-06-01' } }));
    expect(again.body.fieldErrors).toEqual({ workerType: ['This person already has a current record of this type.'] });
    await q(sql`UPDATE workers SET ended_on = '2025-09-30' WHERE id = ${r.workerId}`);
    const c = await s.client(hr.token)(addWorker, {
      params: { personId: r.id },
      body: { workerType: 'CONTRACTOR', contractorTypeId: ids.outsourcing, joiningDate: '2025-10-01', workerNumber: `C-${m()}`, departmentId: ids.sales },
    });
    expect(c.personId).toBe(r.id);
    expect(await q(sql`SELECT worker_type, contractor_type_id FROM workers WHERE person_id = ${r.id} ORDER BY started_on`)).toEqual([
      { worker_type: 'EMPLOYEE', contractor_type_id: null },
      { worker_type: 'CONTRACTOR', contractor_type_id: ids.outsourcing },
    ]);
    const missing = await apiFailure(s.client(other.token)(addWorker, { params: { personId: r.id }, body: { workerType: 'CONTRACTOR', joiningDate: '2025-10-01' } }));
    expect(missing.status).toBe(404);
  });

  it('offers the enabled rows, the departments open on a day with their path, and the places (the one options call)', async () => {
    const o = await s.client(hr.token)(getWorkerFieldOptions, {});
    // The add form shows the worker type's own list: employment types for an employee.
    expect(o.options.employmentTypeId.map((x) => x.name)).toEqual(expect.arrayContaining(['正社員', 'パート']));
    expect(o.options.employmentTypeId.map((x) => x.name)).not.toContain('嘱託（廃止）');
    expect(o.options.contractorTypeId.map((x) => x.name)).toEqual(['業務委託（準委任）']);
    expect(o.departments.find((d) => d.id === ids.sales)).toEqual({ id: ids.sales, name: '営業部', code: 'SALES', path: '本社' });
    expect(o.departments.map((d) => d.id)).not.toContain(ids.closed);
    expect(o.jobTypes.map((x) => x.code).sort()).toEqual(['DEV', 'DSN']);
    expect(o.positions.map((x) => x.name)).toEqual(expect.arrayContaining(['課長', 'メンバー']));
    expect(o.places.map((x) => x.code)).toEqual(expect.arrayContaining(['TKY', 'OSK']));
    const then = await s.client(hr.token)(getWorkerFieldOptions, { query: { on: '2019-04-01' } });
    expect(then.departments.map((d) => d.id)).toContain(ids.closed);
    expect((await apiFailure(s.client(itOnly.token)(getWorkerFieldOptions, {}))).status).toBe(403);
  });
});

/** The real upload flow: a presigned URL, then PUT to it on the app. */
async function upload(content: Uint8Array, acc: TestAccount = hr): Promise<string> {
  const { url, key } = await s.client(acc.token)(presignImportCsv, { query: { filename: 'people.csv' } });
  const res = await s.app.request(url, { method: 'PUT', body: Buffer.from(content), headers: { 'content-type': 'text/csv' } });
  expect(res.status).toBe(200);
  return key;
}
const sjis = (rows: string[][]) => new Uint8Array(iconv.encode(toCsv(rows), 'cp932'));
const run = (key: string, dryrun: boolean, acc: TestAccount = hr, workerType: 'EMPLOYEE' | 'CONTRACTOR' = 'EMPLOYEE') =>
  s.client(acc.token)(importPeopleCsv, { params: { workerType }, body: { uploadedFileKey: key, dryrun } });

const JA_HEADER = ['社員番号', '姓', '名', '姓（カナ）', '名（カナ）', '業務用メールアドレス', '生年月日', '性別', '入社日', '雇用形態', '部署', '役職', '職種', '拠点'];

describe('importing people from CSV', () => {
  it('a Shift_JIS file with Japanese headers, kana and era dates: dry run, then the import; a changed file updates', async () => {
    const k = m();
    const rows = [
      JA_HEADER,
      [`S-${k}-1`, '佐藤', '健太', 'ｻﾄｳ', 'けんた', `kenta-${k}@acme.test`, '昭和63年2月3日', '男性', '令和6年4月1日', '正社員', '営業部', '課長', '開発;DSN', '東京オフィス;OSK'],
      [`S-${k}-2`, '髙橋', '美咲', 'タカハシ', 'ミサキ', `misaki-${k}@acme.test`, 'H2.11.30', '女性', 'R7.4.1', 'PT', 'DEV1', '', '', ''],
    ];
    const key = await upload(sjis(rows));
    const before = (await q(sql`SELECT id FROM people`)).length;
    const dry = await run(key, true);
    expect(dry.encoding).toBe('Shift_JIS');
    expect(dry.errors).toEqual({ rows: 0, cells: 0, headers: 0 });
    expect(dry.summary).toEqual({ create: 2, update: 0, unchanged: 0 });
    expect(dry.headers.map((h) => h.field)).toEqual(['workerNumber', 'familyName', 'givenName', 'familyNameKana', 'givenNameKana', 'primaryWorkerEmail', 'birthDate', 'gender', 'joiningDate', 'typeName', 'department', 'position', 'jobTypes', 'places']);
    expect((await q(sql`SELECT id FROM people`)).length).toBe(before);

    const done = await run(key, false);
    expect(done.imported).toBe(true);
    const [kenta] = await q(sql<Record<string, unknown>>`SELECT p.family_name_kana, p.given_name_kana, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.gender,
        to_char(w.started_on, 'YYYY-MM-DD') AS started_on, w.employment_type_id, a.unit_id, a.position_id,
        (SELECT count(*)::int FROM worker_job_types j WHERE j.worker_id = w.id) AS job_types,
        (SELECT place_id FROM worker_places x WHERE x.worker_id = w.id AND x.is_primary) AS primary_place,
        (SELECT string_agg(stage, ',') FROM worker_lifecycle_events e WHERE e.worker_id = w.id) AS events
      FROM workers w JOIN people p ON p.id = w.person_id LEFT JOIN worker_assignments a ON a.worker_id = w.id WHERE w.worker_number = ${`S-${k}-1`}`);
    expect(kenta).toEqual({
      family_name_kana: 'サトウ',
      given_name_kana: 'ケンタ',
      birth_date: '1988-02-03',
      gender: 'MALE',
      started_on: '2024-04-01',
      employment_type_id: ids.fullTime,
      unit_id: ids.sales,
      position_id: ids.manager,
      job_types: 2,
      primary_place: ids.tokyo,
      events: 'ACTIVE',
    });
    const [misaki] = await q(sql<Record<string, unknown>>`SELECT p.family_name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, to_char(w.started_on, 'YYYY-MM-DD') AS started_on
      FROM workers w JOIN people p ON p.id = w.person_id WHERE w.worker_number = ${`S-${k}-2`}`);
    expect(misaki).toEqual({ family_name: '髙橋', birth_date: '1990-11-30', started_on: '2025-04-01' });
    // The same key again writes nothing more.
    await run(key, false);
    expect((await q(sql`SELECT id FROM workers WHERE worker_number LIKE ${`S-${k}-%`}`)).length).toBe(2);

    // A changed file: Kenta moves to development, Misaki's row is as stored.
    rows[1]![10] = '開発部';
    rows[1]![11] = 'メンバー';
    const next = await run(await upload(sjis(rows)), false);
    expect(next.summary).toEqual({ create: 0, update: 1, unchanged: 1 });
    const moves = await q(sql<{ unit_id: string; valid_from: string; valid_to: string | null }>`SELECT a.unit_id, to_char(a.valid_from, 'YYYY-MM-DD') AS valid_from, to_char(a.valid_to, 'YYYY-MM-DD') AS valid_to
      FROM worker_assignments a JOIN workers w ON w.id = a.worker_id WHERE w.worker_number = ${`S-${k}-1`} ORDER BY a.valid_from`);
    expect(moves).toEqual([
      { unit_id: ids.sales, valid_from: '2024-04-01', valid_to: today },
      { unit_id: ids.dev1, valid_from: today, valid_to: null },
    ]);
  });

  it('shows each bad cell in the caller’s language and imports nothing while any is left', async () => {
    const k = m();
    const taken = employee();
    await s.client(hr.token)(createPerson, { body: taken });
    const contractor = await s.client(hr.token)(createPerson, { body: { ...employee(), workerType: 'CONTRACTOR', employmentTypeId: null, contractorTypeId: ids.outsourcing } });
    const [cNumber] = await q(sql<{ worker_number: string }>`SELECT worker_number FROM workers WHERE id = ${contractor.workerId}`);
    const header = ['Worker number', 'Family name', 'Given name', 'Given name (kana)', 'Birth date', 'Joining date', 'Employment type', 'Department', 'E-mail'];
    const rows = [
      header,
      [`B-${k}-1`, 'Good', 'Row', 'グッド', '1990-01-01', '2025-04-01', 'FT', '営業部', ''],
      [`B-${k}-2`, 'Bad', 'Era', 'バッド', '平成31年5月1日', '2025-04-01', '嘱託（廃止）', '存在しない部', 'nope'],
      [cNumber!.worker_number, 'Other', 'Type', 'Hanako', '', '2025-04-01', '', '', ''],
      [`B-${k}-1`, 'Twice', '', '', '', '', '', '', ''],
    ];
    const key = await upload(new TextEncoder().encode(toCsv(rows)), hrEn);
    const r = await run(key, true, hrEn);
    expect(r.summary.create).toBe(1);
    expect(r.errors.rows).toBe(3);
    const cells = (line: number) => r.records.find((x) => x.line === line)!.values.map((v) => v.errors.join(' '));
    expect(cells(3)).toEqual([
      '',
      '',
      '',
      '',
      'Write a date like 2024-04-01, 2024/4/1, 令和6年4月1日 or R6.4.1 (within its era).',
      '',
      '"嘱託（廃止）" is disabled.',
      'No record matches "存在しない部".',
      'Enter a valid e-mail address.',
    ]);
    expect(cells(4)[0]).toBe('This worker number belongs to a record of type Contractor.');
    expect(cells(4)[3]).toBe('Enter the reading in katakana or hiragana.');
    expect(cells(5)[0]).toBe('This worker number is also on line 2.');
    expect(cells(5)[2]).toBe('This field is required.');
    expect(r.records.find((x) => x.line === 5)!.recordErrors).toEqual(['Enter a joining date or an offer date.']);
    const refused = await apiFailure(run(key, false, hrEn));
    expect(refused.body.message).toMatch(/nothing was imported/);
    expect(await q(sql`SELECT id FROM workers WHERE worker_number LIKE ${`B-${k}-%`}`)).toEqual([]);
  });

  it('the template and the current people download, and the current file re-imports unchanged', async () => {
    const k = m();
    await s.client(hr.token)(createPerson, { body: { ...employee(), workerType: 'CONTRACTOR', employmentTypeId: null, contractorTypeId: ids.outsourcing, workerNumber: `X-${k}`, departmentId: ids.sales, positionId: ids.member, jobTypeIds: [ids.dev!], birthDate: '1985-12-24', gender: 'OTHER' } });
    const template = await s.client(hr.token)(exportPeopleCsv, { params: { workerType: 'CONTRACTOR' }, query: { mode: 'edit-template' } });
    expect(template.filename).toMatch(/^template-people-contractor-\d{4}-\d{2}-\d{2}\.csv$/);
    const t = await (await s.app.request(template.url)).text();
    expect(parse(t.replace(/^\uFEFF/, ''))[0]).toContain('業務委託種別');

    const current = await s.client(hr.token)(exportPeopleCsv, { params: { workerType: 'CONTRACTOR' }, query: { mode: 'edit', encoding: 'Shift_JIS' } });
    const bytes = new Uint8Array(await (await s.app.request(current.url)).arrayBuffer());
    const table = parse(iconv.decode(Buffer.from(bytes), 'cp932'));
    const row = table.find((r) => r[0] === `X-${k}`)!;
    expect(row).toEqual(expect.arrayContaining(['山田', 'ヤマダ', 'ハナコ', '1985-12-24', 'その他', '2025-04-01', '業務委託（準委任）', '営業部', 'メンバー', '開発']));
    const again = await run(await upload(bytes), true, hr, 'CONTRACTOR');
    expect(again.errors).toEqual({ rows: 0, cells: 0, headers: 0 });
    expect(again.records.find((r) => r.values[0]!.value === `X-${k}`)!.action).toBe('unchanged');
  });
});
