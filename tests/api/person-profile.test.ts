// The person profile and the lifecycle through the API, as HR meets them:
// the header and personal information (edits normalised, mistakes refused
// in the caller's language), employee information per worker, a worker moved
// through every lifecycle stage with dates (and the impossible steps
// refused), the stages as of any date, the history and activity the audit
// trail gives after those edits, devices / equipment / app accounts held now
// and before, family for current persons only, and the HR area's 403.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as P from '../../src/api/contracts/person.js';
import { withScope } from '../../server/db/tenant.js';
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
const marker = () => crypto.randomUUID().slice(0, 8);

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Dates = Partial<Record<'offered_on' | 'offer_accepted_on' | 'joining_confirmed_on' | 'started_on' | 'leaving_notified_on' | 'ended_on', string>>;
/** A person with one worker per entry of `workers` (dates as given). */
async function person(o: { family?: string; given?: string; workers?: Array<{ type?: string; dates?: Dates; number?: string }> } = {}) {
  return withScope(s.db, { orgId }, async (tx) => {
    const m = marker();
    const p = await sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, email) VALUES (${orgId}, ${o.family ?? '試験'}, ${o.given ?? m}, ${`${m}@person.test`}) RETURNING id`.execute(tx);
    const personId = p.rows[0]!.id;
    const workerIds: string[] = [];
    for (const w of o.workers ?? [{ dates: { started_on: '2020-04-01' } }]) {
      const d = w.dates ?? {};
      const r = await sql<{ id: string }>`INSERT INTO workers (org_id, person_id, worker_type, worker_number, primary_email, offered_on, offer_accepted_on, joining_confirmed_on, started_on, leaving_notified_on, ended_on)
        VALUES (${orgId}, ${personId}, ${w.type ?? 'EMPLOYEE'}, ${w.number ?? null}, ${`${m}@work.test`}, ${d.offered_on ?? null}, ${d.offer_accepted_on ?? null}, ${d.joining_confirmed_on ?? null},
          ${d.started_on ?? null}, ${d.leaving_notified_on ?? null}, ${d.ended_on ?? null}) RETURNING id`.execute(tx);
      workerIds.push(r.rows[0]!.id);
    }
    return { personId, workerIds };
  });
}
const asOrg = <T>(fn: (tx: Parameters<Parameters<typeof withScope>[2]>[0]) => Promise<T>) => withScope(s.db, { orgId }, fn);

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  [hr, hrEn, itOnly] = await Promise.all([
    s.createAccount({ orgId, areas: ['HR'] }),
    s.createAccount({ orgId, areas: ['HR'], locale: 'en-US' }),
    s.createAccount({ orgId, areas: ['IT'] }),
  ]);
});
afterAll(() => s?.close());

describe('profile and personal information', () => {
  it('reads the header with each worker’s stage today, and the personal information', async () => {
    const today = todayInJapan();
    const { personId, workerIds } = await person({
      family: '山本',
      given: '一郎',
      workers: [
        { type: 'EMPLOYEE', dates: { started_on: addDays(today, -30) }, number: `E-${marker()}` },
        { type: 'BOARD_MEMBER', dates: { started_on: '2019-06-20', ended_on: '2021-06-30' } },
      ],
    });
    const p = await ja()(P.getPersonProfile, { params: { personId } });
    expect(p).toMatchObject({ personId, name: '山本 一郎', isAlumni: false });
    // Current first; a joiner of a month ago is a new hire; the board seat ended.
    expect(p.workers.map((w) => [w.workerId, w.workerType, w.stage, w.isCurrent])).toEqual([
      [workerIds[0], 'EMPLOYEE', 'NEW_HIRE', true],
      [workerIds[1], 'BOARD_MEMBER', 'ALUMNI', false],
    ]);
    expect(p.workers[0]!.nextStages).toEqual(['LEAVING', 'ALUMNI']);
    expect(p.workers[1]!.nextStages).toEqual([]);
    const info = await ja()(P.getPersonalInformation, { params: { personId } });
    expect(info).toMatchObject({ familyName: '山本', givenName: '一郎', birthDate: null, gender: null });
    expect((await apiFailure(ja()(P.getPersonProfile, { params: { personId: crypto.randomUUID() } }))).status).toBe(404);
  });

  it('saves what was sent, normalised (full-width digits, hiragana readings), and refuses mistakes field by field in the caller’s language', async () => {
    const { personId } = await person();
    const saved = await ja()(P.patchPersonalInformation, {
      params: { personId },
      body: { familyNameKana: 'やまもと', givenNameKana: 'イチロウ', postalCode: '１５００００１', personalPhone: '０９０-１２３４-５６７８', gender: 'MALE', birthDate: '1990-05-06', address: ' 東京都渋谷区1-2-3 ' },
    });
    expect(saved).toMatchObject({ familyNameKana: 'ヤマモト', givenNameKana: 'イチロウ', postalCode: '150-0001', personalPhone: '090-1234-5678', gender: 'MALE', birthDate: '1990-05-06', address: '東京都渋谷区1-2-3' });

    const kana = await apiFailure(ja()(P.patchPersonalInformation, { params: { personId }, body: { familyNameKana: 'Yamamoto' } }));
    expect(kana.status).toBe(400);
    expect(kana.body.fieldErrors?.familyNameKana).toEqual(['読みはカタカナで入力してください。']);
    const blank = await apiFailure(en()(P.patchPersonalInformation, { params: { personId }, body: { familyName: '  ', postalCode: '12-34' } }));
    expect(blank.body.fieldErrors).toMatchObject({ familyName: ['Enter a value (spaces alone do not count).'], postalCode: ['Enter a postal code as 123-4567.'] });
    const future = await apiFailure(en()(P.patchPersonalInformation, { params: { personId }, body: { birthDate: addDays(todayInJapan(), 1) } }));
    expect(future.body.fieldErrors?.birthDate).toEqual(['The date of birth cannot be in the future.']);
    const unknown = await apiFailure(ja()(P.patchPersonalInformation, { params: { personId }, body: { salary: 1 } as never }));
    expect(unknown.status).toBe(400);
    // Nothing of the refused calls was kept; null clears.
    const after = await ja()(P.patchPersonalInformation, { params: { personId }, body: { address: null } });
    expect(after).toMatchObject({ familyNameKana: 'ヤマモト', address: null, birthDate: '1990-05-06' });
  });
});

describe('employee information', () => {
  it('gives each worker’s references, departments over time, job types and places; edits check the reference and the worker type', async () => {
    const { personId, workerIds } = await person({ workers: [{ type: 'EMPLOYEE', dates: { started_on: '2021-04-01' }, number: `N-${marker()}` }] });
    const ids = await asOrg(async (tx) => {
      const one = async (q: ReturnType<typeof sql<{ id: string }>>) => (await q.execute(tx)).rows[0]!.id;
      const m = marker();
      const employment = await one(sql<{ id: string }>`INSERT INTO employment_types (org_id, name) VALUES (${orgId}, ${`正社員 ${m}`}) RETURNING id`);
      const contractor = await one(sql<{ id: string }>`INSERT INTO contractor_types (org_id, name) VALUES (${orgId}, ${`委託 ${m}`}) RETURNING id`);
      const title = await one(sql<{ id: string }>`INSERT INTO job_titles (org_id, name, display_order) VALUES (${orgId}, ${`マネージャー ${m}`}, 1) RETURNING id`);
      const position = await one(sql<{ id: string }>`INSERT INTO positions (org_id, name) VALUES (${orgId}, ${`課長 ${m}`}) RETURNING id`);
      const unit = await one(sql<{ id: string }>`INSERT INTO org_units (org_id) VALUES (${orgId}) RETURNING id`);
      await sql`INSERT INTO org_unit_versions (org_id, unit_id, name, valid_from, valid_to) VALUES (${orgId}, ${unit}, 'システム管理室', '2012-04-01', '2023-04-01'), (${orgId}, ${unit}, '情報システム部', '2023-04-01', NULL)`.execute(tx);
      const sales = await one(sql<{ id: string }>`INSERT INTO org_units (org_id) VALUES (${orgId}) RETURNING id`);
      await sql`INSERT INTO org_unit_versions (org_id, unit_id, name, valid_from) VALUES (${orgId}, ${sales}, '営業部', '2010-04-01')`.execute(tx);
      await sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, valid_from, valid_to) VALUES
        (${orgId}, ${workerIds[0]}, ${unit}, NULL, '2021-04-01', '2022-10-01'), (${orgId}, ${workerIds[0]}, ${sales}, ${position}, '2022-10-01', NULL)`.execute(tx);
      return { employment, contractor, title, position, unit, sales };
    });
    const options = await ja()(P.getWorkerFieldOptions, {});
    expect(options.options.jobTitleId.map((o) => o.id)).toContain(ids.title);

    const saved = await ja()(P.patchEmployeeInformation, {
      params: { workerId: workerIds[0]! },
      body: { employmentTypeId: ids.employment, jobTitleId: ids.title, contractStartOn: '2021-04-01', contractEndOn: '2026-03-31', primaryEmail: 'ichiro@work.test' },
    });
    expect(saved.refs.employmentTypeId?.id).toBe(ids.employment);
    expect(saved.refs.jobTitleId?.name).toMatch(/^マネージャー/);
    expect(saved).toMatchObject({ contractStartOn: '2021-04-01', contractEndOn: '2026-03-31', primaryEmail: 'ichiro@work.test' });

    const info = await ja()(P.getEmployeeInformation, { params: { personId } });
    const w = info.workers[0]!;
    // Latest first; a past assignment carries the unit's name as it was then.
    expect(w.assignments.map((a) => [a.unit.name, a.position?.name.startsWith('課長') ?? null, a.validFrom, a.isCurrent])).toEqual([
      ['営業部', true, '2022-10-01', true],
      ['システム管理室', null, '2021-04-01', false],
    ]);

    const typeRef = await apiFailure(en()(P.patchEmployeeInformation, { params: { workerId: workerIds[0]! }, body: { contractorTypeId: ids.contractor } }));
    expect(typeRef.body.fieldErrors?.contractorTypeId).toEqual(['This type does not apply to this kind of worker.']);
    const missing = await apiFailure(en()(P.patchEmployeeInformation, { params: { workerId: workerIds[0]! }, body: { jobTitleId: crypto.randomUUID() } }));
    expect(missing.body.fieldErrors?.jobTitleId).toEqual(['The selected item does not exist.']);
    const order = await apiFailure(ja()(P.patchEmployeeInformation, { params: { workerId: workerIds[0]! }, body: { contractEndOn: '2020-01-01' } }));
    expect(order.body.fieldErrors?.contractEndOn).toEqual(['契約終了日は契約開始日より前にできません。']);
  });
});

describe('the lifecycle', () => {
  it('moves a worker through every stage with dates, visible as of any date, and the alumni list finds a recent leaver', async () => {
    const today = todayInJapan();
    const { personId, workerIds } = await person({ family: '経過', given: '太郎', workers: [{ dates: {} }] });
    const workerId = workerIds[0]!;
    const steps: Array<[P.WorkerSummary['recordedStage'], string]> = [
      ['OFFERED', '2024-01-10'],
      ['OFFER_ACCEPTED', '2024-01-20'],
      ['JOINING', '2024-02-01'],
      ['ACTIVE', '2024-04-01'],
      ['LEAVING', addDays(today, -14)],
      // The last working day: alumni from today.
      ['ALUMNI', addDays(today, -1)],
    ];
    expect((await ja()(P.getPersonProfile, { params: { personId } })).workers[0]!.nextStages).toEqual(['OFFERED', 'OFFER_ACCEPTED', 'JOINING', 'ACTIVE']);
    for (const [stage, date] of steps) {
      const r = await ja()(P.recordLifecycle, { params: { workerId }, body: { stage: stage!, effectiveOn: date, note: `${stage} note` } });
      expect(r.event).toMatchObject({ workerId, stage, effectiveOn: date, note: `${stage} note`, recordedBy: { accountId: hr.accountId } });
      expect(r.worker.recordedStage).toBe(stage);
    }
    const columns = await asOrg(async (tx) => (await sql<Dates>`SELECT offered_on, offer_accepted_on, joining_confirmed_on, started_on, leaving_notified_on, ended_on FROM workers WHERE id = ${workerId}`.execute(tx)).rows[0]);
    expect(Object.values(columns!)).toEqual(steps.map(([, d]) => d));

    const asOf = async (d: string) => (await ja()(P.getLifecycle, { params: { personId }, query: { asOf: d } })).workers[0]!.stage;
    expect(await asOf('2024-01-09')).toBeNull();
    expect(await asOf('2024-01-10')).toBe('OFFERED');
    expect(await asOf('2024-01-25')).toBe('OFFER_ACCEPTED');
    expect(await asOf('2024-03-31')).toBe('JOINING');
    expect(await asOf('2024-05-01')).toBe('NEW_HIRE');
    expect(await asOf('2024-09-01')).toBe('ACTIVE');
    expect(await asOf(addDays(today, -7))).toBe('LEAVING');
    expect(await asOf(addDays(today, -1))).toBe('LEAVING');
    expect(await asOf(today)).toBe('ALUMNI');
    const life = await ja()(P.getLifecycle, { params: { personId } });
    expect(life.asOf).toBe(today);
    expect(life.events.map((e) => e.stage)).toEqual(['ALUMNI', 'LEAVING', 'ACTIVE', 'JOINING', 'OFFER_ACCEPTED', 'OFFERED']);

    // Alumni now: the profile says so, and the alumni list's recent-leaver window finds them.
    const profile = await ja()(P.getPersonProfile, { params: { personId } });
    expect(profile).toMatchObject({ isAlumni: true });
    expect(profile.workers[0]).toMatchObject({ stage: 'ALUMNI', isCurrent: false, nextStages: [] });
    const res = await s.app.request(`/v2/alumnus?leavingDateFrom=${addDays(today, -31)}&leavingDateTo=${today}&pageSize=1000`, { headers: { authorization: `Bearer ${hr.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Array<{ personId: string; leavingDate: string }> };
    expect(body.items.find((x) => x.personId === personId)).toMatchObject({ leavingDate: addDays(today, -1) });
  });

  it('refuses impossible steps with a field error in the caller’s language, and records nothing', async () => {
    const { personId, workerIds } = await person({ workers: [{ dates: { offered_on: '2024-03-01', offer_accepted_on: '2024-03-10' } }] });
    const workerId = workerIds[0]!;
    const alumni = await apiFailure(en()(P.recordLifecycle, { params: { workerId }, body: { stage: 'ALUMNI', effectiveOn: '2024-12-31' } }));
    expect(alumni.status).toBe(400);
    expect(alumni.body.fieldErrors?.stage).toEqual(['Alumni needs the joining date first (record Active).']);
    const back = await apiFailure(ja()(P.recordLifecycle, { params: { workerId }, body: { stage: 'OFFERED' } }));
    expect(back.body.fieldErrors?.stage).toEqual(['内定は記録できません。この従業員はすでに内定承諾です。']);
    const early = await apiFailure(en()(P.recordLifecycle, { params: { workerId }, body: { stage: 'JOINING', effectiveOn: '2024-03-09' } }));
    expect(early.body.fieldErrors?.effectiveOn).toEqual(['The date must be on or after 2024-03-10 (Offer accepted).']);
    const bad = await apiFailure(en()(P.recordLifecycle, { params: { workerId }, body: { stage: 'JOINING', effectiveOn: '2024-02-30' } }));
    expect(bad.body.fieldErrors?.effectiveOn).toEqual(['Enter a date as YYYY-MM-DD.']);
    expect((await ja()(P.getLifecycle, { params: { personId } })).events).toEqual([]);
    // Without a date: today (Japan time).
    const ok = await ja()(P.recordLifecycle, { params: { workerId }, body: { stage: 'JOINING' } });
    expect(ok.event.effectiveOn).toBe(todayInJapan());
    expect(ok.worker.stage).toBe('JOINING');
    expect((await apiFailure(ja()(P.recordLifecycle, { params: { workerId: crypto.randomUUID() }, body: { stage: 'ACTIVE' } }))).status).toBe(404);
  });
});

describe('history and activity', () => {
  it('history lists the changes to the person’s own rows with readable fields; activity what they did and their lifecycle', async () => {
    const { personId, workerIds } = await person({ family: '履歴', given: '花', workers: [{ dates: { started_on: '2022-04-01' } }] });
    const title = await asOrg(async (tx) => (await sql<{ id: string }>`INSERT INTO job_titles (org_id, name) VALUES (${orgId}, ${`主任 ${marker()}`}) RETURNING id`.execute(tx)).rows[0]!.id);
    await ja()(P.patchPersonalInformation, { params: { personId }, body: { givenName: '花子' } });
    await ja()(P.patchEmployeeInformation, { params: { workerId: workerIds[0]! }, body: { jobTitleId: title } });
    const member = await ja()(P.createFamilyMember, { params: { personId }, body: { familyName: '履歴', givenName: '翼', relationship: 'CHILD', isDependent: true } });
    await ja()(P.deleteFamilyMember, { params: { personId, familyPersonId: member.familyPersonId } });
    await ja()(P.recordLifecycle, { params: { workerId: workerIds[0]! }, body: { stage: 'LEAVING' } });

    const h = await ja()(P.listPersonHistory, { params: { personId }, query: { pageSize: 3 } });
    expect(h.count).toBeGreaterThanOrEqual(7);
    expect(h.items).toHaveLength(3);
    // Latest first: the leaving date, the family member removed, then added.
    expect(h.items[0]).toMatchObject({ subject: 'worker', workerType: 'EMPLOYEE', action: 'UPDATE', actor: { accountId: hr.accountId } });
    expect(h.items[0]!.changes).toEqual([{ field: 'leavingNotifiedOn', before: null, after: todayInJapan(), beforeLabel: null, afterLabel: null }]);
    expect(h.items[1]).toMatchObject({ subject: 'family', action: 'DELETE', subjectLabel: '履歴 翼' });
    expect(h.items[2]).toMatchObject({ subject: 'family', action: 'INSERT', subjectLabel: '履歴 翼' });
    expect(h.items[2]!.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'relationship', after: 'CHILD' })]));
    const rest = await ja()(P.listPersonHistory, { params: { personId }, query: { pageSize: 3, pageIndex: 1 } });
    const title2 = rest.items.find((e) => e.changes.some((c) => c.field === 'jobTitleId'))!;
    expect(title2.changes.find((c) => c.field === 'jobTitleId')).toMatchObject({ before: null, after: title, afterLabel: expect.stringMatching(/^主任/) });
    expect(rest.items.find((e) => e.subject === 'person' && e.action === 'UPDATE')!.changes).toEqual([
      { field: 'givenName', before: '花', after: '花子', beforeLabel: null, afterLabel: null },
    ]);

    // The HR operator's activity: the changes they made (their account as the actor).
    const mine = await ja()(P.listPersonActivity, { params: { personId: hr.personId }, query: {} });
    const rename = mine.items.find((e) => e.kind === 'CHANGE' && e.table === 'people' && e.recordId === personId)!;
    expect(rename).toMatchObject({ action: 'UPDATE', recordLabel: '履歴 花子' });
    // The person's own activity: their lifecycle step, recorded by the operator.
    const theirs = await ja()(P.listPersonActivity, { params: { personId }, query: {} });
    expect(theirs.items[0]).toMatchObject({ kind: 'LIFECYCLE', lifecycle: { stage: 'LEAVING', workerType: 'EMPLOYEE', recordedBy: { accountId: hr.accountId } } });
  });
});

describe('devices, equipment and apps: now and before', () => {
  it('lists devices held now first, then returned ones; a device’s holders for the side pane', async () => {
    const { personId, workerIds } = await person();
    const other = await person();
    const { now, old } = await asOrg(async (tx) => {
      const d = async (name: string) => (await sql<{ id: string }>`INSERT INTO devices (org_id, name, genre, device_tag) VALUES (${orgId}, ${name}, 'laptop', ${`T-${marker()}`}) RETURNING id`.execute(tx)).rows[0]!.id;
      const now = await d('今のPC');
      const old = await d('前のPC');
      await sql`INSERT INTO device_assignments (org_id, device_id, worker_id, assigned_on, returned_on) VALUES
        (${orgId}, ${old}, ${workerIds[0]}, '2020-04-01', '2023-03-31'),
        (${orgId}, ${old}, ${other.workerIds[0]}, '2023-04-10', NULL),
        (${orgId}, ${now}, ${workerIds[0]}, '2023-04-01', NULL)`.execute(tx);
      return { now, old };
    });
    const list = await ja()(P.listPersonDevices, { params: { personId } });
    expect(list.items.map((x) => [x.deviceId, x.isCurrent, x.assignedOn, x.returnedOn])).toEqual([
      [now, true, '2023-04-01', null],
      [old, false, '2020-04-01', '2023-03-31'],
    ]);
    const holders = await ja()(P.getDeviceHolders, { params: { deviceId: old } });
    expect(holders.device).toMatchObject({ name: '前のPC', genre: 'laptop' });
    expect(holders.items.map((x) => [x.personId, x.isCurrent])).toEqual([
      [other.personId, true],
      [personId, false],
    ]);
  });

  it('lists equipment assigned today and, from the audit trail, what the person held before', async () => {
    const { personId, workerIds } = await person();
    const other = await person();
    const ids = await asOrg(async (tx) => {
      const e = async (name: string, w: string) => (await sql<{ id: string }>`INSERT INTO equipment (org_id, name, assigned_worker_id) VALUES (${orgId}, ${name}, ${w}) RETURNING id`.execute(tx)).rows[0]!.id;
      const desk = await e('机', workerIds[0]!);
      const chair = await e('椅子', workerIds[0]!);
      const gone = await e('ヘッドセット', workerIds[0]!);
      return { desk, chair, gone };
    });
    // Handed on, renamed while held by the other, and one deleted.
    await asOrg((tx) => sql`UPDATE equipment SET assigned_worker_id = ${other.workerIds[0]} WHERE id = ${ids.chair}`.execute(tx));
    await asOrg((tx) => sql`UPDATE equipment SET name = '椅子（新）' WHERE id = ${ids.chair}`.execute(tx));
    await asOrg((tx) => sql`DELETE FROM equipment WHERE id = ${ids.gone}`.execute(tx));
    const list = await ja()(P.listPersonEquipment, { params: { personId } });
    expect(list.items.map((x) => [x.equipmentId, x.name, x.isCurrent, x.exists, x.to !== null])).toEqual([
      [ids.desk, '机', true, true, false],
      // The deleted one ended last.
      [ids.gone, 'ヘッドセット', false, false, true],
      [ids.chair, '椅子（新）', false, true, true],
    ]);
    expect(list.items[0]!.from).not.toBeNull();
    expect((await ja()(P.listPersonEquipment, { params: { personId: other.personId } })).items.map((x) => [x.equipmentId, x.isCurrent])).toEqual([[ids.chair, true]]);
  });

  it('lists app accounts whose link to the person ended', async () => {
    const { personId } = await person();
    const other = await person();
    const { gone, moved } = await asOrg(async (tx) => {
      const sw = (await sql<{ id: string }>`INSERT INTO software (org_id, name, software_type, app_id) VALUES (${orgId}, ${`Slack ${marker()}`}, 'SAAS', 'slack') RETURNING id`.execute(tx)).rows[0]!.id;
      const i = (await sql<{ id: string }>`INSERT INTO app_integrations (org_id, app_id, software_id, name, tenant_name, connector) VALUES (${orgId}, 'slack', ${sw}, 'Slack', 't', 'CSV') RETURNING id`.execute(tx)).rows[0]!.id;
      const u = async (ext: string) =>
        (await sql<{ id: string }>`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, email, source, person_id) VALUES (${orgId}, ${i}, ${ext}, ${ext}, ${`${ext}@x.test`}, 'CSV', ${personId}) RETURNING id`.execute(tx)).rows[0]!.id;
      return { gone: await u(`gone-${marker()}`), moved: await u(`moved-${marker()}`), kept: await u(`kept-${marker()}`) };
    });
    await asOrg((tx) => sql`DELETE FROM app_users WHERE id = ${gone}`.execute(tx));
    await asOrg((tx) => sql`UPDATE app_users SET person_id = ${other.personId} WHERE id = ${moved}`.execute(tx));
    // App accounts are the IT area's, those that ended too.
    expect((await apiFailure(ja()(P.listFormerApps, { params: { personId } }))).status).toBe(403);
    const former = await s.client(itOnly.token)(P.listFormerApps, { params: { personId } });
    expect(former.items.map((x) => [x.appUserId, x.reason, x.appName])).toEqual([
      [moved, 'RELINKED', 'Slack'],
      [gone, 'REMOVED', 'Slack'],
    ]);
    expect(former.items[1]!.account).toMatch(/^gone-/);
  });
});

describe('family', () => {
  it('adds, reads, changes and removes family members of a current person; an alumnus has none to show', async () => {
    const { personId } = await person();
    const created = await ja()(P.createFamilyMember, {
      params: { personId },
      body: { familyName: '家族', givenName: '一', familyNameKana: 'かぞく', relationship: 'SPOUSE', birthDate: '1985-01-02' },
    });
    expect(created).toMatchObject({ familyName: '家族', familyNameKana: 'カゾク', relationship: 'SPOUSE', isDependent: false });
    const params = { personId, familyPersonId: created.familyPersonId };
    expect(await ja()(P.getFamilyMember, { params })).toEqual(created);
    expect((await ja()(P.patchFamilyMember, { params, body: { isDependent: true, givenName: '一郎' } })).givenName).toBe('一郎');
    const bad = await apiFailure(en()(P.patchFamilyMember, { params, body: { relationship: 'COUSIN' as never, givenName: '' } }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {}).sort()).toEqual(['givenName', 'relationship']);
    expect((await ja()(P.listFamily, { params: { personId } })).items.map((m) => m.givenName)).toEqual(['一郎']);
    await ja()(P.deleteFamilyMember, { params });
    expect((await apiFailure(ja()(P.getFamilyMember, { params }))).status).toBe(404);
    // Another person's family member is not found under this person.
    const other = await person();
    const theirs = await ja()(P.createFamilyMember, { params: { personId: other.personId }, body: { familyName: 'x', givenName: 'y', relationship: 'CHILD' } });
    expect((await apiFailure(ja()(P.getFamilyMember, { params: { personId, familyPersonId: theirs.familyPersonId } }))).status).toBe(404);

    const alumnus = await person({ workers: [{ dates: { started_on: '2018-04-01', ended_on: '2023-03-31' } }] });
    const refused = await apiFailure(en()(P.listFamily, { params: { personId: alumnus.personId } }));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Family members are kept for current people only.');
    expect((await apiFailure(ja()(P.createFamilyMember, { params: { personId: alumnus.personId }, body: { familyName: 'x', givenName: 'y', relationship: 'CHILD' } }))).status).toBe(404);
  });
});

describe('access', () => {
  it('is the HR area’s: an IT operator gets 403 on reads and writes', async () => {
    const { personId, workerIds } = await person();
    const it = s.client(itOnly.token);
    expect((await apiFailure(it(P.getPersonProfile, { params: { personId } }))).status).toBe(403);
    expect((await apiFailure(it(P.listPersonHistory, { params: { personId }, query: {} }))).status).toBe(403);
    expect((await apiFailure(it(P.recordLifecycle, { params: { workerId: workerIds[0]! }, body: { stage: 'LEAVING' } }))).status).toBe(403);
    expect((await apiFailure(it(P.patchPersonalInformation, { params: { personId }, body: { givenName: 'x' } }))).status).toBe(403);
  });
});
