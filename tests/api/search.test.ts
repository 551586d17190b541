// The palette's record search: people by name (with or without the space),
// kana, e-mail and worker number; %, _ and \ literal; only for HR; only in
// the caller's organisation; q validated. Equipment, places, devices and
// apps (registry entries and integrations) each only in their area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRecords } from '../../src/api/contracts/search.js';
import { deleteIntegration, deactivateIntegration, installApp } from '../../src/api/contracts/software.js';
import { withScope } from '../../server/db/tenant.js';
import { apiFailure } from '../support/api.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

let s: TestServer;
let orgId: string;
let hr: TestAccount;
let itOnly: TestAccount;
let other: TestAccount;
let taroId: string;

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  const otherOrg = await s.createOrg();
  hr = await s.createAccount({ orgId, areas: ['HR'] });
  itOnly = await s.createAccount({ orgId, areas: ['IT'] });
  other = await s.createAccount({ orgId: otherOrg, areas: ['HR'] });
  taroId = await withScope(s.db, { orgId }, async (tx) => {
    const p = await tx
      .insertInto('people')
      .values({ org_id: orgId, family_name: '山田', given_name: '太郎', family_name_kana: 'ヤマダ', given_name_kana: 'タロウ', email: 'taro@example.jp' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('workers')
      .values({ org_id: orgId, person_id: p.id, worker_type: 'EMPLOYEE', worker_number: 'E-00042', primary_email: 'yamada.taro@daicho.example' })
      .execute();
    await tx.insertInto('people').values([
      { org_id: orgId, family_name: '100%', given_name: '割引' },
      { org_id: orgId, family_name: '1000', given_name: '割引' },
      { org_id: orgId, family_name: 'a_b', given_name: '下線' },
      { org_id: orgId, family_name: 'axb', given_name: '下線' },
      // "田" matches 山田 inside the name, 田中 and 田村 at its start.
      { org_id: orgId, family_name: '田村', given_name: '次郎' },
      { org_id: orgId, family_name: '田中', given_name: '三郎', email: 'tanaka@example.jp' },
    ]).execute();
    return p.id;
  });
  // Another organisation has its own 山田 太郎.
  await withScope(s.db, { orgId: otherOrg }, (tx) =>
    tx.insertInto('people').values({ org_id: otherOrg, family_name: '山田', given_name: '太郎', email: 'other-taro@example.jp' }).execute(),
  );
});
afterAll(() => s?.close());

const search = (token: string, query: { q: string; types?: string; limit?: number; exact?: 'true' | 'false' }) => s.client(token)(searchRecords, { query });
const people = async (token: string, q: string) => (await search(token, { q })).results.find((r) => r.type === 'person')?.items ?? null;
const ids = async (q: string) => (await people(hr.token, q))?.map((h) => h.id) ?? [];
const titles = async (q: string) => (await people(hr.token, q))?.map((h) => h.title) ?? [];

describe('GET /v2/search', () => {
  it('finds a person by full name without and with a space', async () => {
    const [hit] = (await people(hr.token, '山田太郎'))!;
    expect(hit).toEqual({ id: taroId, title: '山田 太郎', subtitle: 'yamada.taro@daicho.example', href: `/person/${taroId}/personal-information` });
    expect(await ids('山田 太郎')).toEqual([taroId]);
    expect(await ids('山田\u3000太郎')).toEqual([taroId]);
    expect(await ids('太郎')).toEqual([taroId]);
  });

  it('finds a person by kana, part of an e-mail and worker number, case-insensitively', async () => {
    for (const q of ['ヤマダ', 'タロウ', 'ヤマダタロウ', 'ヤマダ タロウ', 'taro@example', 'TARO@EXAMPLE.JP', 'yamada.taro', 'DAICHO.EXAMPLE', 'E-00042', 'e-0004']) {
      expect(await ids(q), q).toEqual([taroId]);
    }
  });

  it('puts prefix matches first, then orders by family name', async () => {
    expect(await titles('田')).toEqual(['田中 三郎', '田村 次郎', '山田 太郎']);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(await titles('100%')).toEqual(['100% 割引']);
    expect(await titles('%')).toEqual(['100% 割引']);
    expect(await titles('a_b')).toEqual(['a_b 下線']);
    expect(await titles('\\')).toEqual([]);
  });

  it('honours limit and types', async () => {
    expect(await search(hr.token, { q: '田', limit: 1 })).toEqual({ results: [{ type: 'person', items: [expect.objectContaining({ title: '田中 三郎' })] }] });
    expect(await search(hr.token, { q: '山田', types: 'device,app' })).toEqual({ results: [] });
    expect((await search(hr.token, { q: '山田', types: 'person, device' })).results.map((r) => r.type)).toEqual(['person']);
    const bad = await apiFailure(search(hr.token, { q: '山田', types: 'person,robot' }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('gives no people to an account without HR', async () => {
    const res = await search(itOnly.token, { q: '山田' });
    expect(res.results.filter((r) => r.type === 'person')).toEqual([]);
  });

  it("never shows another organisation's people", async () => {
    const theirs = (await people(other.token, '山田'))!;
    expect(theirs.map((h) => h.subtitle)).toEqual(['other-taro@example.jp']);
    expect(theirs.map((h) => h.id)).not.toContain(taroId);
    expect(await people(other.token, 'E-00042')).toEqual([]);
    expect((await ids('other-taro'))).toEqual([]);
  });

  it('validates q: 0 (after trimming) or 101 characters is a 400', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const res = await s.app.request(`/v2/search?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${hr.token}` } });
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fieldErrors: { q: [expect.any(String)] } });
    }
    expect((await apiFailure(search(hr.token, { q: 'x'.repeat(101) }))).body.code).toBe('VALIDATION_ERROR');
    expect(await ids('x'.repeat(100))).toEqual([]);
  });

  it('finds equipment, places and devices by name, tag or serial, an exact (scanned) tag first, each only in its area', async () => {
    const ga = await s.createAccount({ orgId, areas: ['GA'] });
    await withScope(s.db, { orgId }, async (tx) => {
      await tx.insertInto('places' as never).values({ org_id: orgId, code: 'TKY', name: '東京本社' } as never).execute();
      await tx.insertInto('devices' as never).values({ org_id: orgId, name: 'ThinkPad 7', device_tag: 'DEV-0007', serial_number: 'PF-7' } as never).execute();
      await tx
        .insertInto('equipment' as never)
        .values([
          { org_id: orgId, name: '椅子 GA-10', asset_tag: 'GA-100', serial_number: 'S-1' },
          { org_id: orgId, name: '机', asset_tag: 'GA-10', serial_number: 'S-2' },
        ] as never)
        .execute();
    });
    const of = async (token: string, q: string, type: string) => (await search(token, { q })).results.find((r) => r.type === type)?.items ?? null;
    // "GA-10" is the desk's asset tag exactly: it comes first, before the chair whose name and tag contain it.
    const equipment = await of(ga.token, 'ga-10', 'equipment');
    expect(equipment?.map((h) => h.title)).toEqual(['机', '椅子 GA-10']);
    expect(equipment?.[0]).toMatchObject({ subtitle: 'GA-10 · S-2', href: expect.stringMatching(/^\/equipment\/[0-9a-f-]{36}$/) });
    expect((await of(ga.token, 'TKY', 'place'))?.map((h) => h.title)).toEqual(['東京本社']);
    expect(await of(ga.token, 'DEV-0007', 'device')).toBeNull();
    expect((await of(itOnly.token, 'DEV-0007', 'device'))?.map((h) => [h.title, h.href.split('/').slice(0, 3).join('/')])).toEqual([['ThinkPad 7', '/profile/device']]);
    expect(await of(hr.token, 'GA-10', 'equipment')).toBeNull();
  });

  it('exact=true (the scanner) finds only a device tag, asset tag or serial number equal to q, ignoring case and surrounding space', async () => {
    const both = await s.createAccount({ orgId, areas: ['GA', 'IT', 'HR'] });
    const [eq1, eq10, serial, device] = await withScope(s.db, { orgId }, async (tx) => {
      const rows = await tx
        .insertInto('equipment' as never)
        .values([
          { org_id: orgId, name: 'スキャン机', asset_tag: 'EQ-1', serial_number: 'SCAN-S-1' },
          { org_id: orgId, name: 'スキャン椅子 EQ-1', asset_tag: 'EQ-10', serial_number: 'SCAN-S-10' },
          { org_id: orgId, name: 'スキャン棚', asset_tag: null, serial_number: ' sn-Abc-9 ' },
        ] as never)
        .returning('id' as never)
        .execute();
      const d = await tx
        .insertInto('devices' as never)
        .values({ org_id: orgId, name: 'スキャン PC', device_tag: 'SCAN-DEV-1', asset_tag: 'SCAN-PC-A', serial_number: 'SCAN-PC-S' } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow();
      return [...(rows as unknown as { id: string }[]).map((r) => r.id), (d as unknown as { id: string }).id];
    });
    const exact = async (token: string, q: string, types?: string) =>
      (await search(token, { q, exact: 'true', ...(types ? { types } : {}) })).results.map((r) => [r.type, r.items.map((h) => h.id)]);
    // EQ-1 is one asset tag exactly; EQ-10 (and a name containing EQ-1) are not it.
    expect(await exact(both.token, 'EQ-1')).toEqual([
      ['device', []],
      ['equipment', [eq1]],
    ]);
    expect(await exact(both.token, ' eq-10 ')).toEqual([
      ['device', []],
      ['equipment', [eq10]],
    ]);
    // A serial number, stored with spaces around it, in another case.
    expect(await exact(both.token, 'SN-ABC-9')).toEqual([
      ['device', []],
      ['equipment', [serial]],
    ]);
    // A device by its device tag, asset tag or serial number, with its href.
    for (const q of ['scan-dev-1', 'SCAN-PC-A', 'scan-pc-s']) expect(await exact(both.token, q), q).toEqual([['device', [device]], ['equipment', []]]);
    const [hit] = (await search(both.token, { q: 'SCAN-DEV-1', exact: 'true', types: 'device' })).results[0]!.items;
    expect(hit).toEqual({ id: device, title: 'スキャン PC', subtitle: 'SCAN-DEV-1 · SCAN-PC-S', href: `/profile/device/${device}/status` });
    // Part of a code, a name, a person's e-mail, a place code: nothing, and
    // people and places are not searched at all.
    for (const q of ['EQ-', 'SCAN', 'スキャン机', 'taro@example.jp', 'E-00042', 'TKY']) {
      expect(await exact(both.token, q), q).toEqual([
        ['device', []],
        ['equipment', []],
      ]);
    }
    // Without exact, the same query still searches by substring (people too).
    expect((await search(both.token, { q: 'EQ-1' })).results.find((r) => r.type === 'equipment')?.items.map((h) => h.id)).toEqual([eq1, eq10]);
    expect((await search(both.token, { q: 'taro@example.jp' })).results.find((r) => r.type === 'person')?.items.map((h) => h.id)).toEqual([taroId]);
    // Areas still decide: GA alone finds no devices; another organisation finds nothing.
    const ga = await s.createAccount({ orgId, areas: ['GA'] });
    expect(await exact(ga.token, 'SCAN-DEV-1')).toEqual([['equipment', []]]);
    expect(await exact(ga.token, 'EQ-1')).toEqual([['equipment', [eq1]]]);
    const theirs = await s.createAccount({ orgId: (await s.createOrg()), areas: ['GA', 'IT'] });
    expect(await exact(theirs.token, 'EQ-1')).toEqual([
      ['device', []],
      ['equipment', []],
    ]);
    // exact takes only true or false.
    const bad = await apiFailure(search(both.token, { q: 'EQ-1', exact: 'yes' as never }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it("finds the organisation's apps, registry entries and integrations, by name, vendor or tenant, only with IT", async () => {
    const it1 = s.client(itOnly.token);
    const slack = await it1(installApp, { body: { appId: 'slack', tenantName: 'acme-search' } });
    const sub = (await it1(installApp, { body: { appId: 'slack', tenantName: 'acme-sub', parentAppIntegrationId: slack.appIntegrationId } })).appIntegrationId;
    const zoom = (await it1(installApp, { body: { appId: 'zoom', tenantName: 'zoom-old' } })).appIntegrationId;
    await it1(deactivateIntegration, { params: { id: zoom } });
    const gone = (await it1(installApp, { body: { appId: 'notion', tenantName: 'acme-gone' } })).appIntegrationId;
    await it1(deleteIntegration, { params: { id: gone } });
    const yayoi = await withScope(s.db, { orgId }, async (tx) =>
      (
        await tx
          .insertInto('software' as never)
          .values({ org_id: orgId, name: '弥生会計 24', software_type: 'INSTALLED', vendor_name: '弥生株式会社' } as never)
          .returning('id' as never)
          .executeTakeFirstOrThrow()
      ) as unknown as { id: string },
    );
    const apps = async (token: string, q: string) => (await search(token, { q })).results.find((r) => r.type === 'app')?.items ?? null;

    // By name: the registry entry first (what the organisation has), then its integrations, each with its page.
    expect(await apps(itOnly.token, 'slack')).toEqual([
      { id: slack.softwareId, title: 'Slack', subtitle: 'SaaS · Slack Technologies', href: `/software/${slack.softwareId}/detail` },
      { id: slack.appIntegrationId, title: 'Slack', subtitle: '連携 · acme-search', href: `/app-integrations/${slack.appIntegrationId}/overview` },
      // A subordinate integration has no overview: it opens on its users.
      { id: sub, title: 'Slack', subtitle: '連携 · acme-sub', href: `/app-integrations/${sub}/users` },
    ]);
    // Installed software by part of its name or its vendor; an integration by its tenant.
    expect((await apps(itOnly.token, '弥生'))?.map((h) => [h.id, h.subtitle])).toEqual([[yayoi.id, 'インストール型 · 弥生株式会社']]);
    expect((await apps(itOnly.token, 'ACME-SEARCH'))?.map((h) => h.id)).toEqual([slack.appIntegrationId]);
    // A deactivated integration says so; a deleted one is gone.
    expect((await apps(itOnly.token, 'zoom-old'))?.map((h) => [h.id, h.subtitle])).toEqual([[zoom, '連携 · zoom-old · 停止']]);
    expect(await apps(itOnly.token, 'acme-gone')).toEqual([]);
    // The words are in the caller's language.
    const en = await s.createAccount({ orgId, areas: ['IT'], locale: 'en-US' });
    expect((await apps(en.token, 'acme-search'))?.map((h) => h.subtitle)).toEqual(['Integration · acme-search']);
    // Without IT: no apps at all (not an empty list), even when asked for.
    expect(await apps(hr.token, 'slack')).toBeNull();
    expect(await search(hr.token, { q: 'slack', types: 'app' })).toEqual({ results: [] });
    // Another organisation's IT does not see them; the scanner (exact) does not search apps.
    const theirs = await s.createAccount({ orgId: await s.createOrg(), areas: ['IT'] });
    expect(await apps(theirs.token, 'slack')).toEqual([]);
    expect((await search(itOnly.token, { q: 'Slack', exact: 'true' })).results.map((r) => r.type)).toEqual(['device']);
    // Login IDs have no table yet: asking for them gives no entry.
    expect(await search(itOnly.token, { q: 'slack', types: 'loginId' })).toEqual({ results: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await s.app.request('/v2/search?q=%E5%B1%B1%E7%94%B0');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await apiFailure(s.client(null)(searchRecords, { query: { q: '山田' } }))).status).toBe(401);
  });
});
