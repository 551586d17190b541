// The demo organisation `npm start` and `npm run seed` put into an empty
// database: ~60 people, the permission chain (groups → roles → product
// permissions) and three sign-ins whose areas differ. Deterministic for a
// given seed, except invitation codes and their dates (codes are secrets; the
// invitations must stay pending/expired relative to today).
import crypto from 'node:crypto';
import { Faker, base, en, ja } from '@faker-js/faker';
import { seedEquipment } from './equipment.js';
import { seedSoftwareDemo } from './software-demo.js';
import { seedPeopleDemo } from './people-demo.js';
import { seedShadowIt } from './shadow-it.js';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { WorkerType } from '../db/schema.js';
import { enterScope, type Tx } from '../db/tenant.js';
import { DEMO_ORG_NAME, DEMO_USERS, type DemoUserKey, hasOrganization } from './demo-users.js';

const DEMO_KANA: Record<DemoUserKey, { family: string; given: string }> = {
  admin: { family: 'ヤマダ', given: 'ハナコ' },
  it: { family: 'サトウ', given: 'ケンタ' },
  individual: { family: 'スズキ', given: 'イチロウ' },
};

export const DEFAULT_DEMO_SEED = 20240401;

/** [kanji, katakana reading, romaji]. faker's ja locale has names but no
 * readings, so readings come from these tables (faker's RNG picks). */
export type NameEntry = readonly [string, string, string];

export const JA_FAMILY_NAMES: readonly NameEntry[] = [
  ['佐藤', 'サトウ', 'sato'], ['鈴木', 'スズキ', 'suzuki'], ['高橋', 'タカハシ', 'takahashi'],
  ['田中', 'タナカ', 'tanaka'], ['伊藤', 'イトウ', 'ito'], ['渡辺', 'ワタナベ', 'watanabe'],
  ['山本', 'ヤマモト', 'yamamoto'], ['中村', 'ナカムラ', 'nakamura'], ['小林', 'コバヤシ', 'kobayashi'],
  ['加藤', 'カトウ', 'kato'], ['吉田', 'ヨシダ', 'yoshida'], ['山田', 'ヤマダ', 'yamada'],
  ['佐々木', 'ササキ', 'sasaki'], ['山口', 'ヤマグチ', 'yamaguchi'], ['松本', 'マツモト', 'matsumoto'],
  ['井上', 'イノウエ', 'inoue'], ['木村', 'キムラ', 'kimura'], ['林', 'ハヤシ', 'hayashi'],
  ['斎藤', 'サイトウ', 'saito'], ['清水', 'シミズ', 'shimizu'], ['山崎', 'ヤマザキ', 'yamazaki'],
  ['森', 'モリ', 'mori'], ['池田', 'イケダ', 'ikeda'], ['橋本', 'ハシモト', 'hashimoto'],
  ['阿部', 'アベ', 'abe'], ['石川', 'イシカワ', 'ishikawa'], ['山下', 'ヤマシタ', 'yamashita'],
  ['中島', 'ナカジマ', 'nakajima'], ['石井', 'イシイ', 'ishii'], ['小川', 'オガワ', 'ogawa'],
  ['前田', 'マエダ', 'maeda'], ['岡田', 'オカダ', 'okada'], ['長谷川', 'ハセガワ', 'hasegawa'],
  ['藤田', 'フジタ', 'fujita'], ['後藤', 'ゴトウ', 'goto'], ['近藤', 'コンドウ', 'kondo'],
  ['村上', 'ムラカミ', 'murakami'], ['遠藤', 'エンドウ', 'endo'], ['青木', 'アオキ', 'aoki'],
  ['坂本', 'サカモト', 'sakamoto'], ['藤井', 'フジイ', 'fujii'], ['西村', 'ニシムラ', 'nishimura'],
  ['福田', 'フクダ', 'fukuda'], ['太田', 'オオタ', 'ota'], ['三浦', 'ミウラ', 'miura'],
  ['岡本', 'オカモト', 'okamoto'], ['松田', 'マツダ', 'matsuda'], ['中川', 'ナカガワ', 'nakagawa'],
];

export const JA_GIVEN_NAMES_MALE: readonly NameEntry[] = [
  ['翔太', 'ショウタ', 'shota'], ['大輔', 'ダイスケ', 'daisuke'], ['拓也', 'タクヤ', 'takuya'],
  ['健一', 'ケンイチ', 'kenichi'], ['直樹', 'ナオキ', 'naoki'], ['隆', 'タカシ', 'takashi'],
  ['誠', 'マコト', 'makoto'], ['和也', 'カズヤ', 'kazuya'], ['亮', 'リョウ', 'ryo'],
  ['悠斗', 'ユウト', 'yuto'], ['蓮', 'レン', 'ren'], ['大翔', 'ヒロト', 'hiroto'],
  ['浩二', 'コウジ', 'koji'], ['剛', 'ツヨシ', 'tsuyoshi'], ['修', 'オサム', 'osamu'],
  ['陽介', 'ヨウスケ', 'yosuke'], ['俊介', 'シュンスケ', 'shunsuke'], ['雄一', 'ユウイチ', 'yuichi'],
  ['達也', 'タツヤ', 'tatsuya'], ['光', 'ヒカル', 'hikaru'], ['樹', 'イツキ', 'itsuki'],
  ['慎也', 'シンヤ', 'shinya'], ['秀樹', 'ヒデキ', 'hideki'], ['智也', 'トモヤ', 'tomoya'],
];

export const JA_GIVEN_NAMES_FEMALE: readonly NameEntry[] = [
  ['陽子', 'ヨウコ', 'yoko'], ['美咲', 'ミサキ', 'misaki'], ['さくら', 'サクラ', 'sakura'],
  ['由美', 'ユミ', 'yumi'], ['恵', 'メグミ', 'megumi'], ['真由美', 'マユミ', 'mayumi'],
  ['彩', 'アヤ', 'aya'], ['結衣', 'ユイ', 'yui'], ['舞', 'マイ', 'mai'],
  ['愛', 'アイ', 'ai'], ['奈々', 'ナナ', 'nana'], ['千尋', 'チヒロ', 'chihiro'],
  ['麻衣', 'マイ', 'mai'], ['直美', 'ナオミ', 'naomi'], ['智子', 'トモコ', 'tomoko'],
  ['裕子', 'ユウコ', 'yuko'], ['香織', 'カオリ', 'kaori'], ['明日香', 'アスカ', 'asuka'],
  ['陽菜', 'ヒナ', 'hina'], ['葵', 'アオイ', 'aoi'], ['優子', 'ユウコ', 'yuko'],
  ['理恵', 'リエ', 'rie'], ['綾香', 'アヤカ', 'ayaka'], ['美穂', 'ミホ', 'miho'],
];

interface PersonSpec {
  demoKey?: DemoUserKey;
  familyName: string;
  givenName: string;
  middleName: string | null;
  familyNameKana: string | null;
  givenNameKana: string | null;
  email: string;
  workers: Array<{ type: WorkerType; startedOn: string; endedOn: string | null }>;
}

const GENERATED_PEOPLE = 57; // + the three demo people = 60

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The people of the demo organisation, from the seed alone (no I/O). */
export function demoPeople(seed = DEFAULT_DEMO_SEED): PersonSpec[] {
  // Own instances: seeding the shared fakerJA/fakerEN would disturb other users.
  const fja = new Faker({ locale: [ja, en, base], seed });
  const fen = new Faker({ locale: [en, base], seed: seed + 1 });
  const used = new Set<string>(DEMO_USERS.map((u) => u.email));
  const emailFor = (local: string) => {
    const clean = local.toLowerCase().replace(/[^a-z0-9.]/g, '');
    let e = `${clean}@daicho.example`;
    for (let n = 2; used.has(e); n++) e = `${clean}${n}@daicho.example`;
    used.add(e);
    return e;
  };
  // Japanese hiring: most start on 1 April, mid-career hires any day.
  const startDate = (from: number, to: number) =>
    fja.datatype.boolean(0.6)
      ? `${fja.number.int({ min: from, max: to })}-04-01`
      : iso(fja.date.between({ from: `${from}-01-01T00:00:00Z`, to: `${to}-12-31T00:00:00Z` }));

  const people: PersonSpec[] = DEMO_USERS.map((u, i) => ({
    demoKey: u.key,
    familyName: u.familyName,
    givenName: u.givenName,
    middleName: null,
    familyNameKana: DEMO_KANA[u.key].family,
    givenNameKana: DEMO_KANA[u.key].given,
    email: u.email,
    workers: [{ type: 'EMPLOYEE', startedOn: ['2012-04-01', '2018-10-01', '2021-04-01'][i]!, endedOn: null }],
  }));

  for (let i = 0; i < GENERATED_PEOPLE; i++) {
    // About one in five is foreign staff with an English name.
    const foreign = fja.datatype.boolean(0.2);
    let spec: PersonSpec;
    if (foreign) {
      const sex = fen.person.sexType();
      const given = fen.person.firstName(sex);
      const family = fen.person.lastName();
      spec = {
        familyName: family,
        givenName: given,
        middleName: fen.datatype.boolean(0.3) ? fen.person.middleName(sex) : null,
        familyNameKana: null,
        givenNameKana: null,
        email: emailFor(`${given}.${family}`),
        workers: [],
      };
    } else {
      const [fk, fkana, fro] = fja.helpers.arrayElement(JA_FAMILY_NAMES);
      const [gk, gkana, gro] = fja.helpers.arrayElement(
        fja.datatype.boolean() ? JA_GIVEN_NAMES_MALE : JA_GIVEN_NAMES_FEMALE,
      );
      spec = {
        familyName: fk,
        givenName: gk,
        middleName: null,
        familyNameKana: fkana,
        givenNameKana: gkana,
        email: emailFor(`${gro}.${fro}`),
        workers: [],
      };
    }
    // Fixed slots so every seed has each kind: board, contractors, collaborators, alumni.
    if (i < 3) {
      spec.workers.push({ type: 'BOARD_MEMBER', startedOn: startDate(2005, 2020), endedOn: null });
    } else if (i < 10) {
      spec.workers.push({ type: 'CONTRACTOR', startedOn: startDate(2020, 2025), endedOn: null });
    } else if (i < 13) {
      spec.workers.push({ type: 'COLLABORATOR', startedOn: startDate(2022, 2025), endedOn: null });
    } else if (i < 18) {
      // Alumni: left between one and five years ago (fixed dates keep the seed stable).
      const started = startDate(2008, 2018);
      const ended = iso(fja.date.between({ from: '2020-01-01T00:00:00Z', to: '2024-12-31T00:00:00Z' }));
      spec.workers.push({ type: 'EMPLOYEE', startedOn: started, endedOn: ended > started ? ended : '2024-03-31' });
    } else if (i === 18) {
      // Retired employee, now back as a contractor: two worker records.
      spec.workers.push({ type: 'EMPLOYEE', startedOn: '2001-04-01', endedOn: '2023-03-31' });
      spec.workers.push({ type: 'CONTRACTOR', startedOn: '2023-04-01', endedOn: null });
    } else {
      spec.workers.push({ type: 'EMPLOYEE', startedOn: startDate(2008, 2025), endedOn: null });
    }
    people.push(spec);
  }
  return people;
}

const WORKER_PREFIX: Record<WorkerType, string> = { EMPLOYEE: 'E', BOARD_MEMBER: 'B', CONTRACTOR: 'C', COLLABORATOR: 'P' };

// Serialises concurrent seeders (two replicas starting on one empty database).
const SEED_LOCK = 727101;

export interface SeededDemo {
  orgId: string;
  accounts: Array<{ key: DemoUserKey; accountId: string; email: string; password: string }>;
}

/** Seeds the demo organisation into an empty database; null (and no writes)
 * when any organisation exists. One transaction: all or nothing. */
export async function seedDemo(db: Db, opts: { seed?: number } = {}): Promise<SeededDemo | null> {
  const people = demoPeople(opts.seed ?? DEFAULT_DEMO_SEED);
  const seeded = await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    if (await hasOrganization(tx)) return null;
    // Only the connecting role may insert organisations; the rest runs as
    // daicho_app so RLS checks it and the audit trail records the org.
    const org = await tx
      .insertInto('organizations')
      .values({ name: DEMO_ORG_NAME, feature_flags: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enterScope(tx, { orgId: org.id, requestId: 'seed:demo' });
    return fillDemo(tx, org.id, people);
  });
  // Statistics for the fresh tables now, as their owner (the connecting
  // role), not when autovacuum first gets there (a minute or more): without
  // them the planner takes every table for one row of the organisation and
  // joins a list's references by nested loops, ~400 ms for a 50-row page of
  // the demo's equipment (35,000 scans of people), ~17 req/s under load.
  if (seeded) await sql`ANALYZE`.execute(db);
  return seeded;
}

async function fillDemo(tx: Tx, orgId: string, people: PersonSpec[]): Promise<SeededDemo> {
  const personRows = await tx
    .insertInto('people')
    .values(
      people.map((p) => ({
        org_id: orgId,
        family_name: p.familyName,
        given_name: p.givenName,
        middle_name: p.middleName,
        family_name_kana: p.familyNameKana,
        given_name_kana: p.givenNameKana,
        email: p.email,
        avatar_url: null,
      })),
    )
    .returning('id')
    .execute();
  // Multi-row INSERT ... RETURNING yields rows in VALUES order.
  const ids = personRows.map((r) => r.id);
  const personId = (i: number) => ids[i]!;
  const demoPerson = (key: DemoUserKey) => personId(people.findIndex((p) => p.demoKey === key));

  const counters: Record<WorkerType, number> = { EMPLOYEE: 0, BOARD_MEMBER: 0, CONTRACTOR: 0, COLLABORATOR: 0 };
  await tx
    .insertInto('workers')
    .values(
      people.flatMap((p, i) =>
        p.workers.map((w) => ({
          org_id: orgId,
          person_id: personId(i),
          worker_type: w.type,
          worker_number: `${WORKER_PREFIX[w.type]}${String(++counters[w.type]).padStart(5, '0')}`,
          primary_email: p.email,
          started_on: w.startedOn,
          ended_on: w.endedOn,
        })),
      ),
    )
    .execute();

  // Product permissions: which areas a role opens.
  const perms = await tx
    .insertInto('product_permissions')
    .values([
      { org_id: orgId, name: '全権限', it: true, hr: true, ga: true, li: true, marketplace: true, settings: true },
      { org_id: orgId, name: '情報システム', it: true },
      { org_id: orgId, name: '人事・総務', hr: true, ga: true },
      { org_id: orgId, name: '法務', li: true },
      { org_id: orgId, name: 'マーケットプレイス', marketplace: true },
    ])
    .returning('id')
    .execute();
  const [permAll, permIt, permHrGa, permLi, permMarket] = perms.map((r) => r.id) as [string, string, string, string, string];

  const groups = await tx
    .insertInto('people_groups')
    .values([
      { org_id: orgId, name: '全従業員', membership_employee: true },
      { org_id: orgId, name: 'システム管理者' },
      { org_id: orgId, name: '情報システム部' },
      { org_id: orgId, name: '人事総務部' },
      { org_id: orgId, name: '法務部' },
      { org_id: orgId, name: '役員', membership_board_member: true },
      { org_id: orgId, name: '業務委託・協力者', membership_contractor: true, membership_collaborator: true },
    ])
    .returning('id')
    .execute();
  const [gAll, gAdmins, gIt, gHrGa, gLegal, gBoard] = groups.map((r) => r.id) as [string, string, string, string, string, string];

  // Current employees other than the demo people (indexes into people), in a stable order.
  const staffIdx = people.flatMap((p, i) =>
    !p.demoKey && p.workers.some((w) => w.type === 'EMPLOYEE' && !w.endedOn) ? [i] : [],
  );
  const staff = staffIdx.map(personId);
  const take = (from: number, n: number) => staff.slice(from, from + n);
  const include = (groupId: string, persons: string[]) =>
    persons.map((pid) => ({ org_id: orgId, people_group_id: groupId, person_id: pid, mode: 'INCLUDE' as const }));
  await tx
    .insertInto('people_group_overrides')
    .values([
      ...include(gAdmins, [demoPerson('admin'), ...take(0, 1)]),
      ...include(gIt, [demoPerson('it'), ...take(1, 4)]),
      ...include(gHrGa, take(5, 4)),
      ...include(gLegal, take(9, 2)),
      // An employee on long leave, kept out of the all-staff group.
      { org_id: orgId, people_group_id: gAll, person_id: staff[staff.length - 1]!, mode: 'EXCLUDE' },
    ])
    .execute();

  // The all-staff group has no role: individual access needs no areas.
  const roles = await tx
    .insertInto('roles')
    .values([
      { org_id: orgId, name: '管理者' },
      { org_id: orgId, name: '情報システム担当' },
      { org_id: orgId, name: '人事総務担当' },
      { org_id: orgId, name: '法務担当' },
      { org_id: orgId, name: '役員' },
    ])
    .returning('id')
    .execute();
  const [rAdmin, rIt, rHrGa, rLegal, rBoard] = roles.map((r) => r.id) as [string, string, string, string, string];
  await tx
    .insertInto('role_product_permissions')
    .values(
      [
        [rAdmin, permAll],
        [rIt, permIt],
        [rHrGa, permHrGa],
        [rLegal, permLi],
        [rBoard, permMarket],
        [rBoard, permHrGa],
      ].map(([role_id, product_permission_id]) => ({ org_id: orgId, role_id: role_id!, product_permission_id: product_permission_id! })),
    )
    .execute();
  await tx
    .insertInto('role_people_groups')
    .values(
      [
        [rAdmin, gAdmins],
        [rIt, gIt],
        [rHrGa, gHrGa],
        [rLegal, gLegal],
        [rBoard, gBoard],
      ].map(([role_id, people_group_id]) => ({ org_id: orgId, role_id: role_id!, people_group_id: people_group_id! })),
    )
    .execute();

  // cognito_sub stays NULL: main.ts links the identity-pool users.
  const accounts: SeededDemo['accounts'] = [];
  for (const u of DEMO_USERS) {
    const acc = await tx
      .insertInto('accounts')
      .values({ org_id: orgId, email: u.email, cognito_sub: null, person_id: demoPerson(u.key), locale: 'ja-JP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    accounts.push({ key: u.key, accountId: acc.id, email: u.email, password: u.password });
  }
  const accountId = (key: DemoUserKey) => accounts.find((a) => a.key === key)!.accountId;
  await tx
    .insertInto('memberships')
    .values([
      { org_id: orgId, account_id: accountId('admin'), kind: 'OPERATOR' },
      { org_id: orgId, account_id: accountId('admin'), kind: 'INDIVIDUAL' },
      { org_id: orgId, account_id: accountId('it'), kind: 'OPERATOR' },
      { org_id: orgId, account_id: accountId('individual'), kind: 'INDIVIDUAL' },
    ])
    .execute();

  // One pending and one expired invitation for people without accounts.
  const day = 86_400_000;
  const now = Date.now();
  const invitation = (n: number, kind: 'OPERATOR' | 'INDIVIDUAL', invitedDaysAgo: number, validDays: number) => {
    const i = staffIdx[n]!;
    const p = people[i]!;
    return {
      org_id: orgId,
      kind,
      code: crypto.randomBytes(24).toString('base64url'),
      email: p.email,
      given_name: p.givenName,
      family_name: p.familyName,
      middle_name: p.middleName,
      person_id: personId(i),
      invited_by: accountId('admin'),
      invited_at: new Date(now - invitedDaysAgo * day),
      expires_at: new Date(now + (validDays - invitedDaysAgo) * day),
    };
  };
  await tx
    .insertInto('invitations')
    .values([
      invitation(5, 'OPERATOR', 2, 7), // an HR/GA team member, still pending
      invitation(staff.length - 2, 'INDIVIDUAL', 20, 7), // expired 13 days ago
    ])
    .execute();

  await seedEquipment(tx, orgId, DEFAULT_DEMO_SEED);
  await seedSoftwareDemo(tx, orgId, DEFAULT_DEMO_SEED);
  await seedShadowIt(tx, orgId, DEFAULT_DEMO_SEED);
  const demoEmail = (key: DemoUserKey) => DEMO_USERS.find((u) => u.key === key)!.email;
  await seedPeopleDemo(tx, orgId, DEFAULT_DEMO_SEED, [demoEmail('admin'), demoEmail('it'), demoEmail('individual')]);
  return { orgId, accounts };
}
