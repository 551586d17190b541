// Shadow IT through the API, as a detector and an IT operator meet it: the
// ingestion token (shown once, rotated, stored hashed), the ingestion
// endpoint (bearer ingestion token, idempotent per eventId, hosts matched to
// traceable apps by domain and subdomain, e-mails to people, field errors in
// the caller's language), organisations kept apart, the shadow-IT apps
// (aggregates, at most 5 users, the unknown filter, sorts), the visits, the
// CSV files, and a custom SaaS or an installed app taking an app out of
// shadow IT.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as A from '../../src/api/contracts/app-alerts.js';
import * as S from '../../src/api/contracts/software.js';
import { withScope } from '../../server/db/tenant.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { apiFailure } from '../support/api.js';
import { parse } from '../support/csv.js';

let s: TestServer;
let orgId: string;
let otherOrg: string;
let admin: TestAccount;
let adminEn: TestAccount;
let other: TestAccount;
let token = '';
let otherToken = '';
const ja = () => s.client(admin.token);
const en = () => s.client(adminEn.token);
const day = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * day - hours * 3_600_000).toISOString();
const utf8 = (bytes: ArrayBuffer) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

interface Event {
  eventId?: string;
  visitedAt?: string;
  userEmail?: string;
  url?: string;
  detectionTool?: string;
}
const event = (e: Event) => ({ eventId: crypto.randomUUID(), visitedAt: ago(1), userEmail: 'nobody@private.test', url: 'https://chatgpt.com/', detectionTool: 'browser-extension', ...e });

/** POST /v2/shadow-it/visits as a detector would: no session, the ingestion token. */
async function ingest(bearer: string | null, events: unknown[], lang = 'ja-JP') {
  const res = await s.app.request(A.SHADOW_IT_INGEST_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify({ events }),
  });
  return { status: res.status, body: (await res.json()) as { accepted: number; duplicate: number; ignored: number; code?: string; message?: string; fieldErrors?: Record<string, string[]> } };
}

async function person(family: string, given: string, email: string) {
  return withScope(s.db, { orgId }, async (tx) => {
    const id = (await sql<{ id: string }>`INSERT INTO people (org_id, family_name, given_name, email, avatar_url) VALUES (${orgId}, ${family}, ${given}, ${email}, ${`/avatars/${given}.png`}) RETURNING id`.execute(tx)).rows[0]!.id;
    await sql`INSERT INTO workers (org_id, person_id, worker_type, primary_email) VALUES (${orgId}, ${id}, 'EMPLOYEE', ${email})`.execute(tx);
    return id;
  });
}

type AppsQuery = Partial<{ sortBy: (typeof A.SHADOW_IT_APP_SORTS)[number]; sortOrder: 'asc' | 'desc'; unknown: A.UnknownFilter; page: number; pageSize: number }>;
const apps = (query: AppsQuery = {}) => ja()(A.listShadowItApps, { query });
const appNamed = async (name: string, unknown: A.UnknownFilter = 'INCLUDE') => (await apps({ unknown, pageSize: 1000 })).items.find((a) => a.name === name);

let hanako: string;

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  otherOrg = await s.createOrg();
  [admin, adminEn, other] = await Promise.all([
    s.createAccount({ orgId, areas: ['IT'] }),
    s.createAccount({ orgId, areas: ['IT'], locale: 'en-US' }),
    s.createAccount({ orgId: otherOrg, areas: ['IT'] }),
  ]);
  hanako = await person('山田', '花子', 'hanako@acme.test');
});
afterAll(() => s?.close());

describe('the ingestion token', () => {
  it('is made on request, shown once, then only its hint; rotating stops the old one', async () => {
    expect(await ja()(A.getIngestionToken, {})).toEqual({ exists: false, hint: null, createdAt: null, ingestPath: '/v2/shadow-it/visits' });
    const first = await ja()(A.rotateIngestionToken, {});
    expect(first.token).toMatch(/^dsi_[\w-]{43}$/);
    const status = await ja()(A.getIngestionToken, {});
    expect(status).toMatchObject({ exists: true, hint: first.token.slice(0, 8) });
    expect(JSON.stringify(status)).not.toContain(first.token);
    // Stored hashed: the token is nowhere in the table.
    const stored = await withScope(s.db, { orgId }, (tx) => sql`SELECT * FROM shadow_it_ingestion_tokens`.execute(tx));
    expect(JSON.stringify(stored.rows)).not.toContain(first.token.slice(4));

    expect((await ingest(first.token, [event({ url: 'https://deepl.com/translator' })])).status).toBe(200);
    const second = await ja()(A.rotateIngestionToken, {});
    expect(second.token).not.toBe(first.token);
    const old = await ingest(first.token, [event({})], 'en-US');
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringMatching(/ingestion token/) });
    token = second.token;
    otherToken = (await s.client(other.token)(A.rotateIngestionToken, {})).token;
  });
});

describe('ingestion', () => {
  it('refuses a missing, wrong or Cognito token with 401 and stores nothing', async () => {
    for (const bearer of [null, 'dsi_wrong', admin.token]) {
      const r = await ingest(bearer, [event({ eventId: 'refused-1' })]);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('UNAUTHENTICATED');
      expect(r.body.message).toMatch(/取り込みトークン/);
    }
    const rows = await withScope(s.db, { orgId }, (tx) => sql`SELECT 1 FROM shadow_it_visits WHERE event_id = 'refused-1'`.execute(tx));
    expect(rows.rows).toHaveLength(0);
  });

  it('stores traceable visits once per eventId, ignores other hosts, matches e-mails to people', async () => {
    const batch = [
      event({ eventId: 'a-1', userEmail: 'Hanako@ACME.test', url: 'https://app.slack.com/client/T01' }),
      event({ eventId: 'a-2', url: 'https://acme.slack.com/archives' }),
      event({ eventId: 'a-3', url: 'https://www.example.org/news' }),
      event({ eventId: 'a-4', url: 'https://notslack.com/' }),
      event({ eventId: 'a-1', url: 'https://slack.com/' }),
    ];
    expect((await ingest(token, batch)).body).toEqual({ accepted: 2, duplicate: 1, ignored: 2 });
    // Sent again (a retry): nothing new.
    expect((await ingest(token, batch)).body).toEqual({ accepted: 0, duplicate: 3, ignored: 2 });
    const visits = (await ja()(A.listShadowItVisits, { query: { pageSize: 1000 } })).items;
    const a1 = visits.filter((v) => v.url === 'https://app.slack.com/client/T01');
    expect(a1).toHaveLength(1);
    expect(a1[0]).toMatchObject({ traceableApp: { name: 'Slack', avatarUrl: '/app-logos/slack.svg' }, category: 'communication', detectionTool: 'browser-extension' });
    expect(a1[0]!.user).toEqual({ personId: hanako, name: '山田 花子', email: 'hanako@acme.test', avatarUrl: '/avatars/花子.png' });
    expect(visits.find((v) => v.url === 'https://acme.slack.com/archives')!.user).toEqual({ personId: null, name: 'nobody@private.test', email: 'nobody@private.test', avatarUrl: null });
    expect(visits.some((v) => v.url.includes('example.org') || v.url.includes('notslack'))).toBe(false);
  });

  it('answers field errors in the caller’s language for invalid events, and limits a batch to 1000', async () => {
    const bad = [event({ userEmail: 'not-an-email', visitedAt: 'yesterday' }), event({ url: 'ftp://files.example' })];
    const enR = await ingest(token, bad, 'en-US');
    expect(enR.status).toBe(400);
    expect(enR.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(enR.body.fieldErrors ?? {}).sort()).toEqual(['events.0.userEmail', 'events.0.visitedAt', 'events.1.url']);
    expect(enR.body.fieldErrors!['events.0.userEmail']![0]).toMatch(/e-mail/i);
    const jaR = await ingest(token, bad, 'ja-JP');
    expect(jaR.body.fieldErrors!['events.0.userEmail']![0]).toMatch(/メールアドレス/);
    expect((await ingest(token, [])).status).toBe(400);
    const many = Array.from({ length: 1001 }, () => event({}));
    expect((await ingest(token, many)).body.fieldErrors?.events).toBeTruthy();
    // A visit a week ahead is a clock error: ignored, not stored.
    expect((await ingest(token, [event({ visitedAt: new Date(Date.now() + 7 * day).toISOString() })])).body).toEqual({ accepted: 0, duplicate: 0, ignored: 1 });
  });

  it('keeps organisations apart: the other one’s token writes only there, with its own event ids', async () => {
    const before = await ja()(A.listShadowItVisits, { query: { pageSize: 1000 } });
    const r = await ingest(otherToken, [event({ eventId: 'a-1', userEmail: 'spy@other.test', url: 'https://claude.ai/chat' })]);
    expect(r.body).toEqual({ accepted: 1, duplicate: 0, ignored: 0 });
    const after = await ja()(A.listShadowItVisits, { query: { pageSize: 1000 } });
    expect(after).toEqual(before);
    const theirs = await s.client(other.token)(A.listShadowItVisits, {});
    expect(theirs.items.map((v) => v.user.email)).toEqual(['spy@other.test']);
    // Our event a-1 is untouched.
    const ours = await withScope(s.db, { orgId }, (tx) => sql<{ url: string }>`SELECT url FROM shadow_it_visits WHERE event_id = 'a-1'`.execute(tx));
    expect(ours.rows.map((x) => x.url)).toEqual(['https://app.slack.com/client/T01']);
    expect((await s.client(other.token)(A.getIngestionToken, {})).hint).toBe(otherToken.slice(0, 8));
  });
});

describe('shadow-IT apps and visits', () => {
  beforeAll(async () => {
    const known: string[] = [];
    for (const n of ['taro', 'jiro', 'goro', 'rokuro', 'shichiro', 'hachiro']) {
      await person('鈴木', n, `${n}@acme.test`);
      known.push(`${n}@acme.test`);
    }
    await ingest(token, [
      // DeepL: 7 people in 30 days (one of them twice), one visit 40 days ago (outside).
      ...known.map((email, i) => event({ userEmail: email, url: 'https://www.deepl.com/translator', visitedAt: ago(i * 4, 1) })),
      event({ userEmail: 'hanako@acme.test', url: 'https://deepl.com/write', visitedAt: ago(2) }),
      event({ userEmail: 'hanako@acme.test', url: 'https://deepl.com/write', visitedAt: ago(3) }),
      event({ userEmail: 'old@acme.test', url: 'https://deepl.com/', visitedAt: ago(40) }),
      // ギガファイル便: unknown users only.
      event({ userEmail: 'private1@gmail.test', url: 'https://xgf.nu.gigafile.nu/', visitedAt: ago(1) }),
      event({ userEmail: 'private1@gmail.test', url: 'https://gigafile.nu/', visitedAt: ago(10) }),
      event({ userEmail: 'private2@gmail.test', url: 'https://gigafile.nu/', visitedAt: ago(20) }),
    ]);
  });

  it('aggregate unique users, 7- and 30-day visits, and show at most 5 users, the latest first', async () => {
    const deepl = (await appNamed('DeepL'))!;
    // 1 from the token test (an unknown user) + 6 known + hanako twice = 9 in 30 days, by 8 users.
    expect(deepl).toMatchObject({ countUniqueUser: 8, count30DaysHistory: 9, integratableAppId: null, avatarUrl: null, category: 'productivity-office', customSaasType: 'GENERAL_AFFAIRS', websiteUrl: 'https://deepl.com/' });
    // Within 7 days: the token test's visit (1 day), taro (0), jiro (4), hanako (2, 3).
    expect(deepl.count7DaysHistory).toBe(5);
    expect(deepl.users).toHaveLength(5);
    expect(deepl.users[0]!.email).toBe('taro@acme.test');
    expect(deepl.users.map((u) => u.email)).not.toContain('old@acme.test');
    expect(deepl.users.find((u) => u.email === 'hanako@acme.test')).toMatchObject({ personId: hanako, avatarUrl: '/avatars/花子.png' });
    const slack = (await appNamed('Slack'))!;
    expect(slack).toMatchObject({ integratableAppId: 'slack', avatarUrl: '/app-logos/slack.svg', customSaasType: 'COMMUNICATION', countUniqueUser: 2, count30DaysHistory: 2 });
    expect((await ja()(A.countAppAlerts, {})).counts.SHADOW_IT).toBe((await apps()).count);
  });

  it('sorts by 30-day visits descending by default, and by the other columns either way', async () => {
    const byDefault = (await apps()).items;
    const c30 = byDefault.map((a) => a.count30DaysHistory);
    expect(c30).toEqual([...c30].sort((a, b) => b - a));
    expect(byDefault[0]!.name).toBe('DeepL');
    const names = (await apps({ sortBy: 'name', sortOrder: 'asc' })).items.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    const users = (await apps({ sortBy: 'countUniqueUser', sortOrder: 'asc' })).items.map((a) => a.countUniqueUser);
    expect(users).toEqual([...users].sort((a, b) => a - b));
    const page = await apps({ sortBy: 'name', sortOrder: 'asc', page: 1, pageSize: 1 });
    expect(page.items.map((a) => a.name)).toEqual([names[1]]);
    expect(page.count).toBe(names.length);
  });

  it('filters unknown users: ONLY counts their visits, EXCLUDE the known people’s', async () => {
    const only = await apps({ unknown: 'ONLY' });
    const gigafile = only.items.find((a) => a.name === 'ギガファイル便')!;
    expect(gigafile).toMatchObject({ countUniqueUser: 2, count30DaysHistory: 3 });
    expect(gigafile.users.every((u) => u.personId === null)).toBe(true);
    // DeepL's unknown visitor: the token test's nobody@private.test.
    expect(only.items.find((a) => a.name === 'DeepL')).toMatchObject({ countUniqueUser: 1, count30DaysHistory: 1 });
    const excluded = await apps({ unknown: 'EXCLUDE' });
    expect(excluded.items.some((a) => a.name === 'ギガファイル便')).toBe(false);
    expect(excluded.items.find((a) => a.name === 'DeepL')).toMatchObject({ countUniqueUser: 7, count30DaysHistory: 8 });
    expect(excluded.items.flatMap((a) => a.users).every((u) => u.personId !== null)).toBe(true);
  });

  it('lists visits newest first by default, oldest first on request', async () => {
    const desc = (await ja()(A.listShadowItVisits, { query: { pageSize: 1000 } })).items.map((v) => v.visitedAt);
    expect(desc).toEqual([...desc].sort().reverse());
    const asc = await ja()(A.listShadowItVisits, { query: { pageSize: 1000, sortOrder: 'asc' } });
    expect(asc.items.map((v) => v.visitedAt)).toEqual([...desc].reverse());
    // The 40-day-old visit is history, though outside the apps' window.
    expect(asc.items[0]!.user.email).toBe('old@acme.test');
    const bad = await apiFailure(en()(A.listShadowItVisits, { query: { sortBy: 'url' as never } }));
    expect(bad.status).toBe(400);
  });

  it('exports the apps and the visits as CSV in the caller’s language', async () => {
    const r = await en()(A.exportAppAlertsCsv, { query: { category: 'SHADOW_IT', unknown: 'ONLY' } });
    expect(r.filename).toMatch(/^app-alerts-SHADOW_IT-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = utf8(await (await s.app.request(r.url)).arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header = [], ...rows] = parse(text.slice(1)).filter((x) => x.some(Boolean));
    expect(header.slice(0, 3)).toEqual(['App name', 'Category', 'Website']);
    const giga = rows.find((x) => x[0] === 'ギガファイル便')!;
    expect(giga[header.indexOf('Users')]).toBe('2');
    expect(giga[header.indexOf('Category')]).toBe('Storage & file sharing');
    expect(giga[header.indexOf('Recent users')]).toBe('private1@gmail.test private2@gmail.test');

    const v = await ja()(A.exportAppAlertsCsv, { query: { category: 'SHADOW_IT_VISITS' } });
    const vt = utf8(await (await s.app.request(v.url)).arrayBuffer()).slice(1);
    const [vh = [], ...vrows] = parse(vt).filter((x) => x.some(Boolean));
    expect(vh).toEqual(['アクセス日時', 'ユーザー名', 'ユーザーのメールアドレス', 'アプリ', 'カテゴリ', 'URL', '検出方法']);
    expect(vrows).toHaveLength((await ja()(A.listShadowItVisits, {})).count);
    expect(vrows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(vrows.find((x) => x[2] === 'hanako@acme.test')?.[1]).toBe('山田 花子');
  });
});

describe('leaving shadow IT', () => {
  it('a custom SaaS made from an app takes it and its visits out; the registry has it as CUSTOM_SAAS', async () => {
    const deepl = (await appNamed('DeepL'))!;
    const traceable = await ja()(A.getTraceableApp, { params: { traceableAppId: deepl.id } });
    expect(traceable).toMatchObject({ name: 'DeepL', domains: ['deepl.com'], customSaasType: 'GENERAL_AFFAIRS' });
    const before = (await ja()(A.countAppAlerts, {})).counts.SHADOW_IT;

    const bad = await apiFailure(en()(A.createCustomApp, { body: { name: ' ', customSaasType: 'LEGAL', traceableSaasId: crypto.randomUUID() } }));
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.name).toBeTruthy();
    const missing = await apiFailure(en()(A.createCustomApp, { body: { name: 'DeepL', customSaasType: 'LEGAL', traceableSaasId: crypto.randomUUID() } }));
    expect(missing.body.fieldErrors?.traceableSaasId).toBeTruthy();

    const made = await ja()(A.createCustomApp, { body: { name: 'DeepL Pro', customSaasType: traceable.customSaasType, tenantName: 'acme', traceableSaasId: deepl.id } });
    const integration = await ja()(S.getIntegration, { params: { id: made.appIntegrationId } });
    expect(integration).toMatchObject({ appName: 'DeepL Pro', customApp: true, customSaasType: 'GENERAL_AFFAIRS', tenantName: 'acme', softwareId: made.softwareId, appId: null });
    const sw = await withScope(s.db, { orgId }, (tx) => sql<Record<string, unknown>>`SELECT software_type, traceable_app_id, website_url, custom_saas_type FROM software WHERE id = ${made.softwareId}`.execute(tx));
    expect(sw.rows[0]).toEqual({ software_type: 'CUSTOM_SAAS', traceable_app_id: deepl.id, website_url: 'https://deepl.com/', custom_saas_type: 'GENERAL_AFFAIRS' });

    expect(await appNamed('DeepL')).toBeUndefined();
    expect((await ja()(A.listShadowItVisits, { query: { pageSize: 1000 } })).items.some((v) => v.traceableApp.name === 'DeepL')).toBe(false);
    expect((await ja()(A.countAppAlerts, {})).counts.SHADOW_IT).toBe(before - 1);
    // New visits to it are kept, and are not shadow IT either.
    expect((await ingest(token, [event({ url: 'https://deepl.com/' })])).body.accepted).toBe(1);
    expect(await appNamed('DeepL')).toBeUndefined();
    // Deleting the custom SaaS makes it shadow IT again.
    await ja()(S.deleteIntegration, { params: { id: made.appIntegrationId } });
    expect(await appNamed('DeepL')).toBeDefined();
  });

  it('installing the marketplace app covers it; deactivating the integration uncovers it', async () => {
    expect(await appNamed('Slack')).toBeDefined();
    const { appIntegrationId } = await ja()(S.installApp, { body: { appId: 'slack' } });
    expect(await appNamed('Slack')).toBeUndefined();
    await ja()(S.deactivateIntegration, { params: { id: appIntegrationId } });
    expect(await appNamed('Slack')).toBeDefined();
  });

  it('an unknown traceable app is 404, and the shadow-IT calls are the IT area’s', async () => {
    expect((await apiFailure(ja()(A.getTraceableApp, { params: { traceableAppId: crypto.randomUUID() } }))).status).toBe(404);
    const ga = await s.createAccount({ orgId, areas: ['GA'] });
    // Each call starts only when awaited: a rejected promise created ahead of its await is an unhandled rejection.
    const calls = [
      () => s.client(ga.token)(A.listShadowItApps, {}),
      () => s.client(ga.token)(A.rotateIngestionToken, {}),
      () => s.client(ga.token)(A.createCustomApp, { body: { name: 'x', customSaasType: 'LEGAL' } }),
    ];
    for (const call of calls) {
      expect((await apiFailure(call())).status).toBe(403);
    }
  });
});
