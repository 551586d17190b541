// The organisation through the API, as an HR operator meets it: the chart
// as it was on a past day and as it is today (renames, moves, closed units,
// members from dated assignments and the lifecycle), a unit with its
// members and filters, a settings change from a date (a new version, the
// days before untouched; loops refused), and plans: drafted, compared with
// today, applied on their date (the chart from that date shows them),
// read-only once applied, refused when applied twice, when stale, or when
// their date has passed — with messages in the caller's language.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as O from '../../src/api/contracts/organization.js';
import { withScope } from '../../server/db/tenant.js';
import { addDays } from '../../src/api/contracts/dates.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';
import { todayInJapan } from '../../src/api/contracts/dates.js';

let s: TestServer;
let orgId: string;
let hr: TestAccount;
let hrEn: TestAccount;
let itOnly: TestAccount;
const ja = () => s.client(hr.token);
const en = () => s.client(hrEn.token);
const today = todayInJapan();

// Ids of the organisation built in beforeAll.
const u = { hq: '', sales: '', dev: '', old: '' };
const m = { manager: '', staff: '', fullTime: '', contract: '', engineer: '', sales: '' };
const w = { aoki: '', baba: '', chiba: '', doi: '' };

async function q<T = { id: string }>(query: ReturnType<typeof sql<T>>) {
  return withScope(s.db, { orgId }, async (tx) => (await query.execute(tx)).rows);
}
async function unit(code: string | null, versions: { name: string; parent: string | null; from: string; to?: string; order?: number }[]) {
  const [row] = await q(sql<{ id: string }>`INSERT INTO org_units (org_id, code) VALUES (${orgId}, ${code}) RETURNING id`);
  for (const v of versions) {
    await q(sql`INSERT INTO org_unit_versions (org_id, unit_id, name, parent_unit_id, display_order, valid_from, valid_to)
      VALUES (${orgId}, ${row!.id}, ${v.name}, ${v.parent}, ${v.order ?? 0}, ${v.from}, ${v.to ?? null})`);
  }
  return row!.id;
}
async function master(table: 'positions' | 'employment_types' | 'job_types', name: string, order: number) {
  const [row] = await q(sql<{ id: string }>`INSERT INTO ${sql.table(table)} (org_id, name, display_order) VALUES (${orgId}, ${name}, ${order}) RETURNING id`);
  return row!.id;
}
async function worker(o: { family: string; given: string; kana?: string; number: string; started?: string; ended?: string; offered?: string; employmentType?: string; jobType?: string }) {
  const [p] = await q(sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, family_name_kana, email)
    VALUES (${orgId}, ${o.family}, ${o.given}, ${o.kana ?? null}, ${`${o.number}@org.test`}) RETURNING id`);
  const [row] = await q(sql<{ id: string }>`INSERT INTO workers (org_id, person_id, worker_type, worker_number, started_on, ended_on, offered_on, employment_type_id)
    VALUES (${orgId}, ${p!.id}, 'EMPLOYEE', ${o.number}, ${o.started ?? null}, ${o.ended ?? null}, ${o.offered ?? null}, ${o.employmentType ?? null}) RETURNING id`);
  if (o.jobType) await q(sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id) VALUES (${orgId}, ${row!.id}, ${o.jobType})`);
  return row!.id;
}
async function assign(workerId: string, unitId: string, from: string, to: string | null, position: string | null, primary = true) {
  await q(sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, is_primary, valid_from, valid_to)
    VALUES (${orgId}, ${workerId}, ${unitId}, ${position}, ${primary}, ${from}, ${to})`);
}

const chart = (baseDate?: string) => ja()(O.getChart, { query: baseDate ? { baseDate } : {} });
const names = (c: { units: { name: string }[] }) => c.units.map((x) => x.name).sort();
const byName = (c: { units: O.ChartUnit[] }, name: string) => c.units.find((x) => x.name === name)!;

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  [hr, hrEn, itOnly] = await Promise.all([
    s.createAccount({ orgId, areas: ['HR'] }),
    s.createAccount({ orgId, areas: ['HR'], locale: 'en-US' }),
    s.createAccount({ orgId, areas: ['IT'] }),
  ]);
  // 本社 ─┬ 営業部 (営業本部 from 2023-04-01)
  //       ├ 開発部 (under 営業 from 2024-01-01)
  //       └ 旧総務部 (closed at the end of 2022)
  u.hq = await unit('HQ', [{ name: '本社', parent: null, from: '2020-01-01' }]);
  u.sales = await unit('SALES', [
    { name: '営業部', parent: u.hq, from: '2020-01-01', to: '2023-04-01', order: 1 },
    { name: '営業本部', parent: u.hq, from: '2023-04-01', order: 1 },
  ]);
  u.dev = await unit('DEV', [
    { name: '開発部', parent: u.hq, from: '2020-01-01', to: '2024-01-01', order: 2 },
    { name: '開発部', parent: u.sales, from: '2024-01-01', order: 2 },
  ]);
  u.old = await unit(null, [{ name: '旧総務部', parent: u.hq, from: '2020-01-01', to: '2023-01-01', order: 3 }]);

  m.manager = await master('positions', '部長', 1);
  m.staff = await master('positions', '担当', 2);
  m.fullTime = await master('employment_types', '正社員', 1);
  m.contract = await master('employment_types', '契約社員', 2);
  m.engineer = await master('job_types', 'エンジニア', 1);
  m.sales = await master('job_types', '営業職', 2);

  // 青木: the sales manager all along. 馬場: in 開発部, left mid-2022.
  // 千葉: 開発部, transferred to 営業 on 2023-04-01. 土井: only offered, in the future.
  w.aoki = await worker({ family: '青木', given: '一郎', kana: 'アオキ', number: 'E001', started: '2019-04-01', employmentType: m.fullTime, jobType: m.sales });
  w.baba = await worker({ family: '馬場', given: '二郎', number: 'E002', started: '2021-04-01', ended: '2022-06-30', employmentType: m.contract, jobType: m.engineer });
  w.chiba = await worker({ family: '千葉', given: '三郎', kana: 'チバ', number: 'E003', started: '2020-04-01', employmentType: m.fullTime, jobType: m.engineer });
  w.doi = await worker({ family: '土井', given: '四郎', number: 'E004', offered: addDays(today, 10) });
  await assign(w.aoki, u.sales, '2020-01-01', null, m.manager);
  await assign(w.baba, u.dev, '2021-04-01', null, m.staff);
  await assign(w.chiba, u.dev, '2020-04-01', '2023-04-01', m.staff);
  await assign(w.chiba, u.sales, '2023-04-01', null, m.staff);
  await assign(w.doi, u.dev, addDays(today, 10), null, m.staff);
}, 60_000);
afterAll(() => s?.close());

describe('the chart', () => {
  it('shows the structure and members of a past day, and today’s', async () => {
    const past = await chart('2022-01-15');
    expect(past.baseDate).toBe('2022-01-15');
    expect(names(past)).toEqual(['営業部', '旧総務部', '本社', '開発部'].sort());
    expect(byName(past, '開発部').parentUnitId).toBe(u.hq);
    // 馬場 (not yet left) and 千葉 in 開発部; 青木 in 営業部.
    expect(byName(past, '開発部').memberCount).toBe(2);
    expect(byName(past, '営業部').memberCount).toBe(1);
    expect(past.memberCount).toBe(3);

    const now = await chart();
    expect(now.baseDate).toBe(today);
    expect(names(now)).toEqual(['営業本部', '本社', '開発部'].sort());
    expect(byName(now, '開発部').parentUnitId).toBe(u.sales);
    // 馬場 is alumni, 千葉 moved to 営業, 土井 is not offered yet.
    expect(byName(now, '開発部').memberCount).toBe(0);
    expect(byName(now, '営業本部').memberCount).toBe(2);
    expect(now.memberCount).toBe(2);

    // The day of a change shows the new version; the day before, the old one.
    expect(byName(await chart('2023-03-31'), '営業部').id).toBe(u.sales);
    expect(names(await chart('2023-04-01'))).toContain('営業本部');
    expect((await chart('2019-12-31')).units).toEqual([]);
  });

  it('belongs to the HR area', async () => {
    expect((await apiFailure(s.client(itOnly.token)(O.getChart, { query: {} }))).status).toBe(403);
    // A day that does not exist is refused as such (400), not a failed date cast (500).
    const bad = await apiFailure(ja()(O.getChart, { query: { baseDate: '2023-02-29' } }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {})).toContain('baseDate');
  });
});

describe('a unit', () => {
  it('has its ancestors, sub-units, member counts and history on a date', async () => {
    const d = await ja()(O.getUnit, { params: { id: u.dev }, query: { baseDate: '2024-06-01' } });
    expect(d.current).toMatchObject({ name: '開発部', parentUnitId: u.sales, validFrom: '2024-01-01', validTo: null });
    expect(d.path.map((p) => p.name)).toEqual(['本社', '営業本部']);
    expect(d.versions.map((v) => [v.validFrom, v.parentName])).toEqual([
      ['2020-01-01', '本社'],
      ['2024-01-01', '営業本部'],
    ]);
    const hq = await ja()(O.getUnit, { params: { id: u.hq }, query: { baseDate: '2022-01-15' } });
    expect(hq.children.map((c) => c.name).sort()).toEqual(['営業部', '旧総務部', '開発部'].sort());
    expect(hq).toMatchObject({ memberCount: 0, totalMemberCount: 3, code: 'HQ' });

    const gone = await ja()(O.getUnit, { params: { id: u.old }, query: {} });
    expect(gone.current).toBeNull();
    expect(gone.versions).toHaveLength(1);
    expect((await apiFailure(ja()(O.getUnit, { params: { id: crypto.randomUUID() }, query: {} }))).status).toBe(404);
  });

  it('lists its members on a date, with the URL’s filters and their choices', async () => {
    const list = (id: string, query: Record<string, unknown>) => ja()(O.listUnitMembers, { params: { id }, query: query as never });
    const past = await list(u.dev, { baseDate: '2022-01-15' });
    expect(past.count).toBe(2);
    expect(past.items.map((x) => x.name).sort()).toEqual(['千葉 三郎', '馬場 二郎']);
    const chiba = past.items.find((x) => x.name === '千葉 三郎')!;
    expect(chiba).toMatchObject({ workerNumber: 'E003', positionName: '担当', employmentTypeName: '正社員', stage: 'ACTIVE', isPrimary: true, assignedFrom: '2020-04-01' });
    expect(chiba.jobTypes.map((j) => j.name)).toEqual(['エンジニア']);

    const sales = await list(u.sales, {});
    // Default order: by position (部長 first), then name.
    expect(sales.items.map((x) => x.workerNumber)).toEqual(['E001', 'E003']);
    expect((await list(u.sales, { positionId: m.staff })).items.map((x) => x.workerNumber)).toEqual(['E003']);
    expect((await list(u.sales, { jobTypeId: m.sales })).items.map((x) => x.workerNumber)).toEqual(['E001']);
    expect((await list(u.sales, { employmentTypeId: m.contract })).count).toBe(0);
    expect((await list(u.sales, { text: 'チバ' })).items.map((x) => x.workerNumber)).toEqual(['E003']);
    expect((await list(u.sales, { text: 'e001' })).items.map((x) => x.workerNumber)).toEqual(['E001']);
    expect((await list(u.sales, { text: '100%' })).count).toBe(0);
    expect((await list(u.sales, { sortColumn: 'WORKER_NUMBER', orderDirection: 'desc', pageSize: 1 })).items.map((x) => x.workerNumber)).toEqual(['E003']);
    // 土井 is assigned from a future day but only offered then: a member that day, not today.
    expect((await list(u.dev, {})).count).toBe(0);
    expect((await list(u.dev, { baseDate: addDays(today, 10) })).items.map((x) => x.stage)).toEqual(['OFFERED']);

    const f = await ja()(O.getUnitMemberFilters, { params: { id: u.sales }, query: {} });
    expect(f.positions).toEqual([
      { id: m.manager, name: '部長', count: 1 },
      { id: m.staff, name: '担当', count: 1 },
    ]);
    expect(f.employmentTypes).toEqual([{ id: m.fullTime, name: '正社員', count: 2 }]);
    expect(f.jobTypes.map((j) => [j.name, j.count])).toEqual([
      ['エンジニア', 1],
      ['営業職', 1],
    ]);
  });
});

describe('unit settings from a date', () => {
  it('writes a new version from the date and leaves the days before as they were', async () => {
    const id = await unit('QA', [{ name: '品質保証部', parent: u.hq, from: '2021-01-01' }]);
    const r = await ja()(O.updateUnit, { params: { id }, body: { validFrom: '2024-07-01', name: '品質管理部', parentUnitId: u.dev, code: 'QC' } });
    expect(r.current).toMatchObject({ name: '品質管理部', parentUnitId: u.dev, validFrom: '2024-07-01', validTo: null });
    expect(r.code).toBe('QC');
    expect(r.versions.map((v) => [v.name, v.validFrom, v.validTo])).toEqual([
      ['品質保証部', '2021-01-01', '2024-07-01'],
      ['品質管理部', '2024-07-01', null],
    ]);
    expect(byName(await chart('2024-06-30'), '品質保証部').parentUnitId).toBe(u.hq);
    expect(byName(await chart('2024-07-01'), '品質管理部').parentUnitId).toBe(u.dev);

    // Saving again from the same day corrects that version instead of adding one.
    const again = await ja()(O.updateUnit, { params: { id }, body: { validFrom: '2024-07-01', name: '品質管理本部' } });
    expect(again.versions).toHaveLength(2);
    expect(again.current?.name).toBe('品質管理本部');

    // A change from an earlier day carries into the later version while it still held the replaced value.
    const earlier = await ja()(O.updateUnit, { params: { id }, body: { validFrom: '2023-01-01', displayOrder: 7 } });
    expect(earlier.versions.map((v) => [v.validFrom, v.displayOrder])).toEqual([
      ['2021-01-01', 0],
      ['2023-01-01', 7],
      ['2024-07-01', 7],
    ]);
    expect(earlier.versions[1]!.name).toBe('品質保証部');
  });

  it('refuses a loop, a parent missing on the date, a taken code and a date before the unit, in the caller’s language', async () => {
    const loop = await apiFailure(ja()(O.updateUnit, { params: { id: u.hq }, body: { validFrom: today, parentUnitId: u.dev } }));
    expect(loop.status).toBe(400);
    expect(loop.body.fieldErrors?.parentUnitId).toEqual(['部署を自分自身やその配下の部署の下に置くことはできません。']);
    const loopEn = await apiFailure(en()(O.updateUnit, { params: { id: u.sales }, body: { validFrom: today, parentUnitId: u.sales } }));
    expect(loopEn.body.fieldErrors?.parentUnitId).toEqual(['A unit cannot be placed under itself or under one of its own sub-units.']);
    // Nothing was written.
    expect(byName(await chart(), '本社').parentUnitId).toBeNull();

    const closed = await apiFailure(ja()(O.updateUnit, { params: { id: u.dev }, body: { validFrom: today, parentUnitId: u.old } }));
    expect(closed.body.fieldErrors?.parentUnitId).toEqual(['この日付には上位部署が存在しません。']);
    const code = await apiFailure(en()(O.updateUnit, { params: { id: u.dev }, body: { validFrom: today, code: 'hq' } }));
    expect(code.body.fieldErrors?.code).toEqual(['Another unit already has this code.']);
    const before = await apiFailure(ja()(O.updateUnit, { params: { id: u.dev }, body: { validFrom: '2019-01-01', name: 'x' } }));
    expect(before.body.fieldErrors?.validFrom).toEqual(['この日付にはこの部署は存在しません。']);
    const blank = await apiFailure(ja()(O.updateUnit, { params: { id: u.dev }, body: { validFrom: today, name: ' ' } }));
    expect(blank.body.fieldErrors?.name).toBeDefined();
  });
});

describe('plans', () => {
  const effective = addDays(today, 30);

  it('are drafted, compared with today, applied on their date and then read-only', async () => {
    // A date in the past is refused; the plan is created for a month ahead.
    const past = await apiFailure(ja()(O.createPlan, { body: { name: '過去の計画', effectiveOn: addDays(today, -1) } }));
    expect(past.body.fieldErrors?.effectiveOn).toEqual(['今日以降の日付を選んでください。']);
    const plan = await ja()(O.createPlan, { body: { name: '新体制', effectiveOn: effective } });
    expect(plan).toMatchObject({ status: 'DRAFT', changeCount: 0, appliedAt: null });

    // Add マーケティング部 under 営業本部 and a team under it; rename 開発部 and move it to 本社.
    const mk = await ja()(O.addPlanUnit, { params: { planId: plan.id }, body: { name: 'マーケティング部', code: 'MKT', parentUnitId: u.sales } });
    const team = await ja()(O.addPlanUnit, { params: { planId: plan.id }, body: { name: '広報チーム', parentUnitId: mk.unitId } });
    await ja()(O.editPlanUnit, { params: { planId: plan.id, unitId: u.dev }, body: { name: 'プロダクト開発部', parentUnitId: u.hq } });

    // Refused: a loop, a taken code, closing a unit with sub-units.
    const loop = await apiFailure(ja()(O.editPlanUnit, { params: { planId: plan.id, unitId: mk.unitId }, body: { name: 'マーケティング部', parentUnitId: team.unitId } }));
    expect(loop.body.fieldErrors?.parentUnitId).toEqual(['部署を自分自身やその配下の部署の下に置くことはできません。']);
    const taken = await apiFailure(ja()(O.addPlanUnit, { params: { planId: plan.id }, body: { name: '別部署', code: 'mkt', parentUnitId: null } }));
    expect(taken.body.fieldErrors?.code).toEqual(['このコードはほかの部署で使われています。']);
    const withChildren = await apiFailure(en()(O.closePlanUnit, { params: { planId: plan.id, unitId: u.sales } }));
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.message).toContain('A unit with sub-units cannot close');
    expect(withChildren.body.message).toContain('営業本部');
    const unknownParent = await apiFailure(ja()(O.addPlanUnit, { params: { planId: plan.id }, body: { name: 'x', parentUnitId: u.old } }));
    expect(unknownParent.body.fieldErrors?.parentUnitId).toEqual(['上位部署が、効力発生日の計画上の組織にありません。']);

    const detail = await ja()(O.getPlan, { params: { planId: plan.id } });
    expect(detail.comparedWith).toBe(today);
    expect(detail.plan.changeCount).toBe(3);
    const marks = Object.fromEntries(detail.units.map((x) => [x.name, x.marks]));
    expect(marks).toMatchObject({ マーケティング部: ['ADDED'], 広報チーム: ['ADDED'], プロダクト開発部: ['RENAMED', 'MOVED'], 本社: [], 営業本部: [] });
    const dev = detail.units.find((x) => x.id === u.dev)!;
    expect(dev).toMatchObject({ kind: 'CHANGE', before: { name: '開発部', parentUnitId: u.sales, parentName: '営業本部' }, baseChanged: false });

    // Apply: the chart from the effective date shows the plan, the day before does not.
    const applied = await ja()(O.applyPlan, { params: { planId: plan.id } });
    expect(applied.status).toBe('APPLIED');
    expect(applied.appliedAt).not.toBeNull();
    const on = await chart(effective);
    expect(names(on)).toEqual(expect.arrayContaining(['マーケティング部', '広報チーム', 'プロダクト開発部']));
    expect(byName(on, '広報チーム').parentUnitId).toBe(mk.unitId);
    expect(byName(on, 'マーケティング部').code).toBe('MKT');
    expect(byName(on, 'プロダクト開発部').parentUnitId).toBe(u.hq);
    const before = await chart(addDays(effective, -1));
    expect(names(before)).not.toContain('マーケティング部');
    expect(byName(before, '開発部').parentUnitId).toBe(u.sales);
    // The planned unit's page exists from the date on.
    expect((await ja()(O.getUnit, { params: { id: mk.unitId }, query: { baseDate: effective } })).current?.name).toBe('マーケティング部');

    // Read-only, and not applied twice.
    const edit = await apiFailure(ja()(O.addPlanUnit, { params: { planId: plan.id }, body: { name: 'x', parentUnitId: null } }));
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('この計画は適用済みのため、変更できません。');
    const twice = await apiFailure(en()(O.applyPlan, { params: { planId: plan.id } }));
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This plan has already been applied.');
    expect((await apiFailure(ja()(O.deletePlan, { params: { planId: plan.id } }))).status).toBe(409);
    // An applied plan is compared with the day before its date.
    const after = await ja()(O.getPlan, { params: { planId: plan.id } });
    expect(after.comparedWith).toBe(addDays(effective, -1));
    expect(after.units.find((x) => x.id === u.dev)!.marks).toEqual(['RENAMED', 'MOVED']);

    const listed = await ja()(O.listPlans, { query: { status: 'APPLIED' } });
    expect(listed.items.map((p) => p.id)).toContain(plan.id);
  });

  it('refuses to apply a plan whose units changed under it, until its change is saved again', async () => {
    const later = addDays(today, 60);
    const a = await ja()(O.createPlan, { body: { name: '案A', effectiveOn: later } });
    const b = await ja()(O.createPlan, { body: { name: '案B', effectiveOn: later } });
    const id = await unit('OPS', [{ name: '業務部', parent: u.hq, from: '2021-01-01' }]);
    await ja()(O.editPlanUnit, { params: { planId: a.id, unitId: id }, body: { name: '業務推進部', parentUnitId: u.hq } });
    await ja()(O.closePlanUnit, { params: { planId: b.id, unitId: id } });
    await ja()(O.applyPlan, { params: { planId: a.id } });

    const stale = await apiFailure(ja()(O.applyPlan, { params: { planId: b.id } }));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('計画の作成後に組織が変更されました: 業務推進部');
    expect((await ja()(O.getPlan, { params: { planId: b.id } })).units.find((x) => x.id === id)).toMatchObject({ baseChanged: true, marks: ['CLOSED'] });
    // Nothing of B was written.
    expect(names(await chart(later))).toContain('業務推進部');

    await ja()(O.closePlanUnit, { params: { planId: b.id, unitId: id } });
    await ja()(O.applyPlan, { params: { planId: b.id } });
    expect(names(await chart(later))).not.toContain('業務推進部');
    expect(names(await chart(addDays(later, -1)))).toContain('業務部');
  });

  it('refuses an empty plan and a plan whose date has passed, and undoes a change on request', async () => {
    const p = await en()(O.createPlan, { body: { name: 'Spring', effectiveOn: addDays(today, 5) } });
    expect((await apiFailure(en()(O.applyPlan, { params: { planId: p.id } }))).body.message).toBe('The plan has no changes to apply.');
    await en()(O.editPlanUnit, { params: { planId: p.id, unitId: u.hq }, body: { name: '本店', parentUnitId: null } });
    await en()(O.revertPlanUnit, { params: { planId: p.id, unitId: u.hq } });
    expect((await en()(O.getPlan, { params: { planId: p.id } })).plan.changeCount).toBe(0);
    // Saving values equal to the unit's is no change.
    await en()(O.editPlanUnit, { params: { planId: p.id, unitId: u.hq }, body: { name: '本社', parentUnitId: null } });
    expect((await en()(O.getPlan, { params: { planId: p.id } })).plan.changeCount).toBe(0);

    await en()(O.editPlanUnit, { params: { planId: p.id, unitId: u.hq }, body: { name: '本店', parentUnitId: null } });
    await q(sql`UPDATE org_plans SET effective_on = ${addDays(today, -1)} WHERE id = ${p.id}`);
    const passed = await apiFailure(en()(O.applyPlan, { params: { planId: p.id } }));
    expect(passed.body.message).toBe(`The plan's effective date (${addDays(today, -1)}) has passed. Move it to today or later before applying.`);
    // Moving the date re-reads the change against the new date; then it applies.
    await en()(O.updatePlan, { params: { planId: p.id }, body: { effectiveOn: addDays(today, 5) } });
    await en()(O.applyPlan, { params: { planId: p.id } });
    expect(names(await chart(addDays(today, 5)))).toContain('本店');
    expect(names(await chart())).toContain('本社');
  });
});
