// Demo people and organisation (issue 7), after the people, places and
// devices of the demo seed: the seventeen master-data lists, an organisation
// whose structure changed over the years (a renamed and moved unit, a closed
// one, a new one), each worker's department, position, types, grades, job
// types and place, lifecycle dates for everyone plus a few people at each
// stage relative to today (offered … left within the month), lifecycle
// events, devices held now and before, personal details and family.
//
// Deterministic for a seed and a day: the examples at each stage are dated
// from today (Japan time), so the workforce categories are never empty.
import { Faker, base, en, ja } from '@faker-js/faker';
import { sql } from 'kysely';
import type { Tx } from '../db/tenant.js';
import type { PeopleMasterTableName } from '../db/schema.js';
import { addDays, firstOfNextMonth, todayInJapan } from '../../src/api/contracts/dates.js';

type MasterRow = readonly [name: string, code?: string | null, rank?: number | null];

/** Master data per table: name, code, rank (rank: 1 is the highest). */
export const PEOPLE_MASTER_DATA: Readonly<Record<PeopleMasterTableName, readonly MasterRow[]>> = {
  employment_types: [['正社員', 'FT'], ['契約社員', 'CT'], ['パートタイム', 'PT'], ['嘱託社員', 'SH'], ['派遣社員', 'DP']],
  board_member_types: [['代表取締役', 'CEO'], ['取締役', 'DIR'], ['社外取締役', 'ODIR'], ['監査役', 'AUD']],
  contractor_types: [['業務委託（準委任）', 'QM'], ['業務委託（請負）', 'UK'], ['フリーランス', 'FL']],
  collaborator_types: [['顧問', 'ADV'], ['インターン', 'INT'], ['パートナー企業', 'PTN']],
  positions: [['部長', 'GM', 1], ['副部長', 'DGM', 2], ['課長', 'MGR', 3], ['係長', 'SUP', 4], ['主任', 'CHF', 5], ['一般', 'STF', 6], ['取締役', 'DIR', 0]],
  job_types: [['エンジニア', 'ENG'], ['営業', 'SLS'], ['企画', 'PLN'], ['人事', 'HR'], ['総務', 'GA'], ['経理', 'ACC'], ['法務', 'LGL'], ['カスタマーサポート', 'CS'], ['デザイナー', 'DSG']],
  job_titles: [['マネージャー', 'MGR'], ['シニアスペシャリスト', 'SSP'], ['スペシャリスト', 'SP'], ['アソシエイト', 'ASC']],
  job_levels: [['L5', 'L5', 1], ['L4', 'L4', 2], ['L3', 'L3', 3], ['L2', 'L2', 4], ['L1', 'L1', 5]],
  job_grades: [['M2', 'M2', 1], ['M1', 'M1', 2], ['S3', 'S3', 3], ['S2', 'S2', 4], ['S1', 'S1', 5]],
  grades: [['6等級', 'G6', 1], ['5等級', 'G5', 2], ['4等級', 'G4', 3], ['3等級', 'G3', 4], ['2等級', 'G2', 5], ['1等級', 'G1', 6]],
  job_functions: [['ソフトウェア開発', 'SWD'], ['インフラ運用', 'INF'], ['法人営業', 'B2B'], ['採用', 'REC'], ['労務', 'LAB'], ['契約審査', 'CTR'], ['品質保証', 'QA']],
  job_competencies: [['リーダーシップ', 'LDR'], ['課題解決', 'PSV'], ['コミュニケーション', 'COM'], ['専門性', 'EXP']],
  work_modes: [['出社', 'OFC'], ['リモート', 'RMT'], ['ハイブリッド', 'HYB'], ['フレックス', 'FLX']],
  retirement_reasons: [['自己都合', 'VOL'], ['定年', 'AGE'], ['会社都合', 'INV'], ['契約期間満了', 'EXP']],
  contract_end_reasons: [['期間満了', 'EXP'], ['合意解約', 'MUT'], ['更新なし', 'NRN']],
  health_insurance_associations: [['全国健康保険協会 東京支部', '01130012'], ['関東ITソフトウェア健康保険組合', '06139927']],
  place_social_insurances: [['本社 社会保険', 'SI-HQ'], ['大阪支店 社会保険', 'SI-OSK']],
};

interface UnitSpec {
  code: string;
  /** Versions: name and parent over [from, to). */
  versions: ReadonlyArray<{ name: string; parent: string | null; from: string; to?: string }>;
}

/** The organisation as it changed: システム管理室 became 情報システム部 (and
 * moved up) in 2023, 第二営業部 closed in 2022, カスタマーサクセス部 opened in 2024. */
export const ORG_UNITS: readonly UnitSpec[] = [
  { code: 'HQ', versions: [{ name: '株式会社台帳', parent: null, from: '2010-04-01' }] },
  { code: 'MGMT', versions: [{ name: '経営企画部', parent: 'HQ', from: '2010-04-01' }] },
  {
    code: 'ITS',
    versions: [
      { name: 'システム管理室', parent: 'MGMT', from: '2012-04-01', to: '2023-04-01' },
      { name: '情報システム部', parent: 'HQ', from: '2023-04-01' },
    ],
  },
  { code: 'HRGA', versions: [{ name: '人事総務部', parent: 'HQ', from: '2010-04-01' }] },
  { code: 'LEGAL', versions: [{ name: '法務部', parent: 'HQ', from: '2015-04-01' }] },
  { code: 'SALES', versions: [{ name: '営業本部', parent: 'HQ', from: '2010-04-01' }] },
  { code: 'SALES1', versions: [{ name: '第一営業部', parent: 'SALES', from: '2010-04-01' }] },
  { code: 'SALES2', versions: [{ name: '第二営業部', parent: 'SALES', from: '2014-04-01', to: '2022-04-01' }] },
  { code: 'CS', versions: [{ name: 'カスタマーサクセス部', parent: 'SALES', from: '2024-10-01' }] },
  { code: 'DEV', versions: [{ name: '開発本部', parent: 'HQ', from: '2016-04-01' }] },
  { code: 'PROD', versions: [{ name: 'プロダクト開発部', parent: 'DEV', from: '2016-04-01' }] },
  { code: 'QA', versions: [{ name: '品質保証部', parent: 'DEV', from: '2019-04-01' }] },
];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const maxDate = (a: string, b: string) => (a > b ? a : b);

/** People at each lifecycle stage, dated from today: [family, given, kana family, kana given, e-mail local part, stage]. */
const LIFECYCLE_EXAMPLES = [
  ['森', '大輝', 'モリ', 'ダイキ', 'daiki.mori', 'OFFERED'],
  ['池田', '美咲', 'イケダ', 'ミサキ', 'misaki.ikeda', 'OFFERED'],
  ['橋本', '蓮', 'ハシモト', 'レン', 'ren.hashimoto', 'OFFER_ACCEPTED'],
  ['石川', '結菜', 'イシカワ', 'ユナ', 'yuna.ishikawa', 'JOINING'],
  ['前田', '湊', 'マエダ', 'ミナト', 'minato.maeda', 'JOINING'],
  ['藤田', '陽葵', 'フジタ', 'ヒマリ', 'himari.fujita', 'NEW_HIRE'],
  ['岡田', '悠真', 'オカダ', 'ユウマ', 'yuma.okada', 'NEW_HIRE'],
  ['後藤', '健一', 'ゴトウ', 'ケンイチ', 'kenichi.goto', 'LEAVING'],
  ['長谷川', '真央', 'ハセガワ', 'マオ', 'mao.hasegawa', 'LEFT'],
] as const;

/** `demo`: the e-mails of the three demo users (admin, IT operator, individual). */
export async function seedPeopleDemo(tx: Tx, orgId: string, seed: number, demo: readonly [admin: string, it: string, individual: string]): Promise<void> {
  const f = new Faker({ locale: [ja, en, base], seed: seed + 7 });
  const today = todayInJapan();

  // 1. Master data: one insert per table, display order in steps of 10.
  const master = {} as Record<PeopleMasterTableName, string[]>;
  for (const [table, rows] of Object.entries(PEOPLE_MASTER_DATA) as Array<[PeopleMasterTableName, readonly MasterRow[]]>) {
    const inserted = await tx
      .insertInto(table)
      .values(rows.map(([name, code, rank], i) => ({ org_id: orgId, name, code: code ?? null, rank: rank ?? null, display_order: (i + 1) * 10 })))
      .returning('id')
      .execute();
    master[table] = inserted.map((r) => r.id);
  }
  const pick = (table: PeopleMasterTableName, i: number) => master[table][i % master[table].length]!;

  // 2. Lifecycle examples: people and their workers, dated from today.
  const examplePeople = await tx
    .insertInto('people')
    .values(
      LIFECYCLE_EXAMPLES.map(([family, given, kf, kg, local]) => ({
        org_id: orgId,
        family_name: family,
        given_name: given,
        family_name_kana: kf,
        given_name_kana: kg,
        email: `${local}@daicho.example`,
      })),
    )
    .returning('id')
    .execute();
  const nextMonth = firstOfNextMonth(today);
  const exampleDates = (stage: string, i: number) => {
    switch (stage) {
      case 'OFFERED':
        return { offered_on: addDays(today, -5 - i), started_on: null };
      case 'OFFER_ACCEPTED':
        return { offered_on: addDays(today, -30), offer_accepted_on: addDays(today, -10) };
      case 'JOINING':
        return { offered_on: addDays(today, -60), offer_accepted_on: addDays(today, -45), joining_confirmed_on: addDays(today, -7), started_on: nextMonth };
      case 'NEW_HIRE':
        return { offered_on: addDays(today, -120), offer_accepted_on: addDays(today, -100), joining_confirmed_on: addDays(today, -60), started_on: addDays(today, -20 - 25 * i) };
      case 'LEAVING':
        return { started_on: '2019-04-01', leaving_notified_on: addDays(today, -14), ended_on: addDays(today, 16), retirement_reason_id: pick('retirement_reasons', 0) };
      default: // LEFT: the last working day ten days ago
        return { started_on: '2018-04-01', leaving_notified_on: addDays(today, -40), ended_on: addDays(today, -10), retirement_reason_id: pick('retirement_reasons', 0) };
    }
  };
  const counter = await tx
    .selectFrom('workers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('worker_type', '=', 'EMPLOYEE')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('workers')
    .values(
      LIFECYCLE_EXAMPLES.map(([, , , , local, stage], i) => ({
        org_id: orgId,
        person_id: examplePeople[i]!.id,
        worker_type: 'EMPLOYEE' as const,
        worker_number: `E${String(counter.n + 1 + i).padStart(5, '0')}`,
        primary_email: `${local}@daicho.example`,
        ...exampleDates(stage, i % 2),
      })),
    )
    .execute();

  // 3. Every worker's fields: types by worker type, grades, work mode,
  // contract dates, and lifecycle dates before the joining date.
  const workers = await tx
    .selectFrom('workers')
    .innerJoin('people', 'people.id', 'workers.person_id')
    .select(['workers.id', 'workers.worker_type', 'workers.started_on', 'workers.ended_on', 'workers.offered_on', 'people.email'])
    .orderBy('workers.worker_number')
    .execute();
  for (const [i, w] of workers.entries()) {
    const started = w.started_on;
    const contract = i % 7 === 3; // some employees are on fixed-term contracts
    const common = {
      work_mode_id: pick('work_modes', i),
      job_competency_id: pick('job_competencies', i),
      // History before the joining date, for everyone who has one and no own dates.
      ...(started && !w.offered_on
        ? { offered_on: addDays(started, -75), offer_accepted_on: addDays(started, -60), joining_confirmed_on: addDays(started, -30) }
        : {}),
    };
    const byType =
      w.worker_type === 'EMPLOYEE'
        ? {
            employment_type_id: pick('employment_types', contract ? 1 : 0),
            job_title_id: pick('job_titles', i),
            job_level_id: pick('job_levels', i + 2),
            job_grade_id: pick('job_grades', i + 1),
            grade_id: pick('grades', i + 3),
            job_function_id: pick('job_functions', i),
            health_insurance_association_id: pick('health_insurance_associations', i),
            place_social_insurance_id: pick('place_social_insurances', i % 5 === 0 ? 1 : 0),
            ...(contract && started ? { contract_start_on: started, contract_end_on: addDays(maxDate(started, addDays(today, -200)), 365) } : {}),
          }
        : w.worker_type === 'BOARD_MEMBER'
          ? { board_member_type_id: pick('board_member_types', i % 3 === 0 ? 0 : 1) }
          : w.worker_type === 'CONTRACTOR'
            ? {
                contractor_type_id: pick('contractor_types', i),
                ...(started ? { contract_start_on: started, contract_end_on: addDays(maxDate(started, addDays(today, -100)), 180) } : {}),
                contract_end_reason_id: w.ended_on ? pick('contract_end_reasons', 0) : null,
              }
            : { collaborator_type_id: pick('collaborator_types', i) };
    const retirement = w.worker_type === 'EMPLOYEE' && w.ended_on && w.ended_on < today ? { retirement_reason_id: pick('retirement_reasons', i) } : {};
    await tx.updateTable('workers').set({ ...common, ...byType, ...retirement }).where('id', '=', w.id).execute();
  }

  // 4. Organisation units and their dated versions.
  const units = await tx
    .insertInto('org_units')
    .values(ORG_UNITS.map((u) => ({ org_id: orgId, code: u.code })))
    .returning('id')
    .execute();
  const unitId = Object.fromEntries(ORG_UNITS.map((u, i) => [u.code, units[i]!.id])) as Record<string, string>;
  await tx
    .insertInto('org_unit_versions')
    .values(
      ORG_UNITS.flatMap((u, i) =>
        u.versions.map((v) => ({
          org_id: orgId,
          unit_id: unitId[u.code]!,
          name: v.name,
          parent_unit_id: v.parent ? unitId[v.parent]! : null,
          display_order: (i + 1) * 10,
          valid_from: v.from,
          valid_to: v.to ?? null,
        })),
      ),
    )
    .execute();

  // 5. Assignments: a unit and position per worker, from the later of its
  // joining date and the unit's opening; sales people of the closed unit
  // moved to 第一営業部 or カスタマーサクセス部.
  const demoEmails = demo;
  const homeOf = (email: string | null, type: string, i: number): string => {
    if (email === demoEmails[0]) return 'MGMT';
    if (email === demoEmails[1]) return 'ITS';
    if (email === demoEmails[2]) return 'SALES1';
    if (type === 'BOARD_MEMBER') return 'HQ';
    if (type === 'CONTRACTOR') return ['PROD', 'QA', 'ITS'][i % 3]!;
    if (type === 'COLLABORATOR') return ['MGMT', 'CS'][i % 2]!;
    return ['SALES1', 'PROD', 'HRGA', 'ITS', 'CS', 'QA', 'LEGAL', 'MGMT', 'SALES2'][i % 9]!;
  };
  const opened = (code: string) => ORG_UNITS.find((u) => u.code === code)!.versions[0]!.from;
  const positionFor = (type: string, i: number) =>
    type === 'BOARD_MEMBER' ? pick('positions', 6) : type === 'EMPLOYEE' ? pick('positions', i % 11 === 0 ? 0 : i % 5 === 0 ? 2 : i % 4 === 0 ? 4 : 5) : null;
  const refreshed = await tx.selectFrom('workers').select(['id', 'worker_type', 'started_on', 'ended_on', 'primary_email']).orderBy('worker_number').execute();
  const assignments: Array<{ org_id: string; worker_id: string; unit_id: string; position_id: string | null; valid_from: string; valid_to: string | null }> = [];
  for (const [i, w] of refreshed.entries()) {
    if (!w.started_on) continue;
    const home = homeOf(w.primary_email, w.worker_type, i);
    const end = w.ended_on ? addDays(w.ended_on, 1) : null;
    const position_id = positionFor(w.worker_type, i);
    if (home === 'SALES2') {
      // In the closed unit until it closed, then moved.
      const from = maxDate(w.started_on, opened('SALES2'));
      const closed = '2022-04-01';
      const next = i % 2 ? 'SALES1' : 'CS';
      if (from < closed && (!end || end > closed)) {
        assignments.push({ org_id: orgId, worker_id: w.id, unit_id: unitId.SALES2!, position_id, valid_from: from, valid_to: closed });
        const movedTo = next === 'CS' ? '2024-10-01' : closed;
        if (next === 'CS') assignments.push({ org_id: orgId, worker_id: w.id, unit_id: unitId.SALES1!, position_id, valid_from: closed, valid_to: movedTo });
        if (!end || end > movedTo) assignments.push({ org_id: orgId, worker_id: w.id, unit_id: unitId[next]!, position_id, valid_from: movedTo, valid_to: end });
        continue;
      }
      const from2 = maxDate(w.started_on, opened('SALES1'));
      if (!end || end > from2) assignments.push({ org_id: orgId, worker_id: w.id, unit_id: unitId.SALES1!, position_id, valid_from: from2, valid_to: end });
      continue;
    }
    const from = maxDate(w.started_on, opened(home));
    if (end && end <= from) continue;
    assignments.push({ org_id: orgId, worker_id: w.id, unit_id: unitId[home]!, position_id, valid_from: from, valid_to: end });
  }
  for (let i = 0; i < assignments.length; i += 500) await tx.insertInto('worker_assignments').values(assignments.slice(i, i + 500)).execute();

  // 6. Job types (one or two) and a place per worker.
  const places = (await sql<{ id: string }>`SELECT id FROM places ORDER BY code`.execute(tx)).rows;
  const jobTypeRows = refreshed.flatMap((w, i) => {
    const first = pick('job_types', i);
    const second = pick('job_types', i + 3);
    return i % 4 === 0 ? [first, second].map((job_type_id) => ({ org_id: orgId, worker_id: w.id, job_type_id })) : [{ org_id: orgId, worker_id: w.id, job_type_id: first }];
  });
  await tx.insertInto('worker_job_types').values(jobTypeRows).execute();
  if (places.length > 0) {
    await tx
      .insertInto('worker_places')
      .values(refreshed.map((w, i) => ({ org_id: orgId, worker_id: w.id, place_id: places[i % Math.min(places.length, 4)]!.id, is_primary: true })))
      .execute();
  }

  // 7. Devices held: the current staff hold one each; an alumnus's laptop
  // went to a current employee after they left.
  const devices = (await sql<{ id: string }>`SELECT id FROM devices ORDER BY device_tag, id`.execute(tx)).rows;
  const current = refreshed.filter((w) => w.started_on && w.started_on <= today && (!w.ended_on || w.ended_on >= today));
  const leavers = refreshed.filter((w) => w.started_on && w.ended_on && w.ended_on < today);
  const holds: Array<{ org_id: string; device_id: string; worker_id: string; assigned_on: string; returned_on: string | null }> = [];
  current.slice(0, Math.max(0, devices.length - leavers.length)).forEach((w, i) => {
    holds.push({ org_id: orgId, device_id: devices[i]!.id, worker_id: w.id, assigned_on: maxDate(w.started_on!, '2022-04-01'), returned_on: null });
  });
  leavers.forEach((w, i) => {
    const device = devices[devices.length - 1 - i];
    if (!device) return;
    const assigned = maxDate(w.started_on!, '2019-04-01');
    if (assigned > w.ended_on!) return;
    holds.push({ org_id: orgId, device_id: device.id, worker_id: w.id, assigned_on: assigned, returned_on: w.ended_on });
    // Handed on to a current employee after it came back.
    const next = current[i];
    if (next) holds.push({ org_id: orgId, device_id: device.id, worker_id: next.id, assigned_on: addDays(w.ended_on!, 7), returned_on: null });
  });
  if (holds.length > 0) await tx.insertInto('device_assignments').values(holds).execute();

  // 8. Lifecycle events: one per date already on each worker, as recorded.
  await sql`
    INSERT INTO worker_lifecycle_events (org_id, worker_id, stage, effective_on)
    SELECT w.org_id, w.id, s.stage, s.effective_on
    FROM workers w
    CROSS JOIN LATERAL (VALUES
      ('OFFERED', w.offered_on), ('OFFER_ACCEPTED', w.offer_accepted_on), ('JOINING', w.joining_confirmed_on),
      ('ACTIVE', w.started_on), ('LEAVING', w.leaving_notified_on), ('ALUMNI', w.ended_on)
    ) AS s(stage, effective_on)
    WHERE s.effective_on IS NOT NULL AND (s.stage <> 'ACTIVE' OR s.effective_on <= ${today}::date)
      AND (s.stage <> 'ALUMNI' OR s.effective_on < ${today}::date)
  `.execute(tx);

  // 9. Personal details for everyone, and family for a few.
  const people = await tx.selectFrom('people').select(['id', 'email']).orderBy('email').execute();
  for (const [i, p] of people.entries()) {
    const birth = isoDay(f.date.birthdate({ mode: 'age', min: 22, max: 64, refDate: '2026-04-01T00:00:00Z' }).getTime());
    await tx
      .updateTable('people')
      .set({
        birth_date: birth,
        gender: (['MALE', 'FEMALE', 'MALE', 'FEMALE', 'UNANSWERED'] as const)[i % 5],
        personal_phone: `090-${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}-${String(1000 + ((i * 91) % 9000)).padStart(4, '0')}`,
        personal_email: p.email ? p.email.replace('@daicho.example', '@mail.example') : null,
        postal_code: `${100 + (i % 80)}-${String(1000 + ((i * 13) % 9000)).padStart(4, '0')}`,
        address: `東京都${['千代田区', '港区', '渋谷区', '新宿区', '品川区'][i % 5]}${1 + (i % 5)}-${1 + (i % 9)}-${1 + (i % 20)}`,
      })
      .where('id', '=', p.id)
      .execute();
  }
  const admin = await tx.selectFrom('people').select(['id', 'family_name', 'family_name_kana']).where('email', '=', demoEmails[0]).executeTakeFirst();
  if (admin) {
    await tx
      .insertInto('family_members')
      .values([
        { org_id: orgId, person_id: admin.id, family_name: admin.family_name, given_name: '恵子', family_name_kana: admin.family_name_kana, given_name_kana: 'ケイコ', relationship: 'SPOUSE', birth_date: '1982-06-14', is_dependent: false },
        { org_id: orgId, person_id: admin.id, family_name: admin.family_name, given_name: '翼', family_name_kana: admin.family_name_kana, given_name_kana: 'ツバサ', relationship: 'CHILD', birth_date: '2012-09-03', is_dependent: true },
      ])
      .execute();
  }
}
