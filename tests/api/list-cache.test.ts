// List pages reused between writes (server/http/list-cache.ts, migration
// 0021): what a user would notice if it were wrong is a stale list (a row
// they just created or renamed missing), another organisation's rows, or a
// list they may no longer open. And what it gives: a browser's revalidation
// answered with 304 and no body.
import crypto from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleContracts } from '../../src/api/modules/contracts.js';
import { equipment, equipmentTypes } from '../../src/api/modules/equipment.js';
import { MODULES } from '../../src/api/modules/index.js';
import { clientOf } from '../../server/db/lead.js';
import { withScope } from '../../server/db/tenant.js';
import { rowsSql, listTables } from '../../server/modules/module/sql.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';

const eq = moduleContracts(equipment);
const types = moduleContracts(equipmentTypes);

let s: TestServer;
let orgId: string;
let otherOrgId: string;
let admin: TestAccount;
let other: TestAccount;

const marker = () => crypto.randomUUID().slice(0, 8);
const get = (path: string, acc: TestAccount, headers: Record<string, string> = {}) =>
  s.app.request(path, { headers: { authorization: `Bearer ${acc.token}`, ...headers } });
const names = async (res: Response) => ((await res.json()) as { items: Array<{ name: string }> }).items.map((r) => r.name);
/** The account's role (of its own, createAccount) no longer grants GA. */
const loseGa = (acc: TestAccount) =>
  withScope(s.db, { orgId: acc.orgId }, (tx) =>
    sql`UPDATE product_permissions SET ga = false WHERE id IN (
      SELECT rpp.product_permission_id FROM role_product_permissions rpp
      JOIN role_people_groups rpg ON rpg.role_id = rpp.role_id
      JOIN people_group_overrides o ON o.people_group_id = rpg.people_group_id
      WHERE o.person_id = ${acc.personId})`.execute(tx),
  );

beforeAll(async () => {
  s = await createTestServer();
  orgId = await s.createOrg();
  otherOrgId = await s.createOrg();
  [admin, other] = await Promise.all([s.createAccount({ orgId, areas: ['GA'] }), s.createAccount({ orgId: otherOrgId, areas: ['GA'] })]);
});
afterAll(() => s?.close());

describe('a list page between writes', () => {
  it('is revalidated by the browser: 304 without a body while nothing changed, the new page after a write', async () => {
    const m = marker();
    await s.client(admin.token)(eq.create, { body: { name: `机 ${m}` } as never });
    const path = `/v2/equipment?freeText=${m}`;
    const first = await get(path, admin);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(await names(first)).toEqual([`机 ${m}`]);

    const again = await get(path, admin, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await s.client(admin.token)(eq.create, { body: { name: `椅子 ${m}` } as never });
    const after = await get(path, admin, { 'if-none-match': etag! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await names(after)).sort()).toEqual([`机 ${m}`, `椅子 ${m}`].sort());
  });

  it('is sent again compressed to a client that takes gzip, the same page under a weak ETag', async () => {
    const m = marker();
    for (const n of ['机', '椅子', '棚']) await s.client(admin.token)(eq.create, { body: { name: `${n} ${m}` } as never });
    const path = `/v2/equipment?freeText=${m}`;
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    // Built after the writes: sent as it is (no time spent compressing).
    const built = await get(path, admin, gzip);
    expect(built.headers.get('content-encoding')).toBeNull();
    expect(built.headers.get('vary')).toBe('accept-encoding');
    const etag = built.headers.get('etag')!;
    const text = await built.text();
    expect(JSON.parse(text).count).toBe(3);

    // Served again unchanged: gzip, which decompresses to the same page.
    const kept = await get(path, admin, gzip);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-encoding')).toBe('gzip');
    expect(kept.headers.get('vary')).toBe('accept-encoding');
    expect(kept.headers.get('etag')).toBe(`W/${etag}`);
    expect(gunzipSync(Buffer.from(await kept.arrayBuffer())).toString('utf8')).toBe(text);
    // A client that does not take gzip gets the page as it is.
    const plain = await get(path, admin);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(text);
    // The weak ETag revalidates like the strong one.
    const revalidated = await get(path, admin, { ...gzip, 'if-none-match': `W/${etag}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('vary')).toBe('accept-encoding');
  });

  it('shows a renamed reference at once, also when the page was just served from memory', async () => {
    const m = marker();
    const type = await s.client(admin.token)(types.create, { body: { name: `種別 ${m}` } as never });
    await s.client(admin.token)(eq.create, { body: { name: `備品 ${m}`, equipmentTypeId: type.id } as never });
    const path = `/v2/equipment?freeText=${encodeURIComponent(`備品 ${m}`)}`;
    const typeName = async () => ((await (await get(path, admin)).json()) as { items: Array<{ equipmentTypeName: string }> }).items[0]!.equipmentTypeName;
    expect(await typeName()).toBe(`種別 ${m}`);
    expect(await typeName()).toBe(`種別 ${m}`); // the kept page
    await s.client(admin.token)(types.update, { params: { id: type.id } as never, body: { name: `新種別 ${m}` } as never });
    expect(await typeName()).toBe(`新種別 ${m}`);

    // A write outside the API (another replica, a job, SQL) is seen as well.
    await withScope(s.db, { orgId }, (tx) => sql`UPDATE equipment_types SET name = ${`旧種別 ${m}`} WHERE id = ${type.id}`.execute(tx));
    expect(await typeName()).toBe(`旧種別 ${m}`);
  });

  it('is current at every read of a list written to between reads, whichever way the read goes first', async () => {
    // After a page was built, the next read of the same URL goes to its
    // transaction first (ListCache.misses); after a kept page, the look first.
    const m = marker();
    const path = `/v2/equipment?freeText=${m}&sort=NAME`;
    const expected: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      await s.client(admin.token)(eq.create, { body: { name: `${name} ${m}` } as never });
      expected.push(`${name} ${m}`);
      // Built after the write, then kept twice: the same ETag, the same rows.
      const reads = [await get(path, admin), await get(path, admin), await get(path, admin)];
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(reads.map((r) => r.headers.get('etag'))).size).toBe(1);
      for (const r of reads) expect(await names(r)).toEqual(expected);
    }
  });

  it('after a kept page and a write, is built in one transaction whose first message carries the caller', async () => {
    // The first build after a kept page (a reload after a colleague's
    // edit): the look, then the page's statement with BEGIN and the caller
    // ahead of it (inLedTransaction), not a transaction opened by a round
    // trip of its own first. Each message the pool's connections are asked
    // to send, and whether the caller's lead was waiting to go with it.
    const m = marker();
    const path = `/v2/equipment?freeText=${m}`;
    await s.client(admin.token)(eq.create, { body: { name: `棚 ${m}` } as never });
    expect((await get(path, admin)).status).toBe(200);
    expect((await get(path, admin)).status).toBe(200); // kept
    await s.client(admin.token)(eq.create, { body: { name: `台 ${m}` } as never });
    const client = await s.db.connection().execute((conn) => clientOf(conn as never));
    const proto = Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown };
    const own = Object.hasOwn(proto, 'query');
    const query = proto.query;
    const sent: { text: string; lead: boolean }[] = [];
    proto.query = function (this: typeof client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      sent.push({ text: (typeof first === 'string' ? first : (first.text ?? '')).replace(/^\/\*[^*]*\*\/\s*/, '').slice(0, 13), lead: this.lead !== null });
      return query.apply(this, args);
    };
    let res: Response;
    try {
      res = await get(path, admin);
    } finally {
      if (own) proto.query = query;
      else delete (proto as { query?: unknown }).query;
    }
    expect(res.status).toBe(200);
    expect((await names(res)).sort()).toEqual([`棚 ${m}`, `台 ${m}`].sort());
    // A transaction of its own opened by the caller's statement alone
    // (inCallerTransaction's message; the job queue's is Kysely's `begin`).
    expect(sent.filter((x) => x.text.startsWith('BEGIN; SELECT'))).toEqual([]);
    expect(sent.filter((x) => x.lead)).toHaveLength(1);
  });

  it('is never another organisation’s page, nor its ETag', async () => {
    const m = marker();
    await s.client(admin.token)(eq.create, { body: { name: `自社 ${m}` } as never });
    await s.client(other.token)(eq.create, { body: { name: `他社 ${m}` } as never });
    const path = `/v2/equipment?freeText=${m}`;
    const mine = await get(path, admin);
    expect(await names(mine)).toEqual([`自社 ${m}`]);
    const theirs = await get(path, other, { 'if-none-match': mine.headers.get('etag')! });
    expect(theirs.status).toBe(200);
    expect(await names(theirs)).toEqual([`他社 ${m}`]);
  });

  it('is not served to a caller who lost the area, nor to one who never had it', async () => {
    const path = '/v2/equipment?pageSize=5';
    const holder = await s.createAccount({ orgId, areas: ['GA'] });
    const first = await get(path, holder);
    expect(first.status).toBe(200);
    const outsider = await s.createAccount({ orgId, areas: ['HR'] });
    expect((await get(path, outsider)).status).toBe(403);
    expect((await get(path, outsider, { 'if-none-match': first.headers.get('etag')! })).status).toBe(403);
    await loseGa(holder);
    expect((await get(path, holder, { 'if-none-match': first.headers.get('etag')! })).status).toBe(403);
  });

  it('after one row of a kept page changed, shows that row new and every other row as before', async () => {
    // The next build of the page takes unchanged rows from the kept one
    // (ListCache.rows): the page must still be exactly what a fresh build gives.
    const m = marker();
    const type = await s.client(admin.token)(types.create, { body: { name: `型 ${m}` } as never });
    const made: { id: string }[] = [];
    for (const n of ['a', 'b', 'c', 'd', 'e']) made.push(await s.client(admin.token)(eq.create, { body: { name: `${n} ${m}`, model: 'M1', equipmentTypeId: type.id } as never }));
    const path = `/v2/equipment?freeText=${m}&sort=NAME`;
    type Item = { id: string; name: string; model: string; equipmentTypeName: string; updatedAt: string };
    const items = async (acc = admin) => ((await (await get(path, acc)).json()) as { items: Item[] }).items;
    const before = await items();
    expect(before.map((r) => r.name)).toEqual(['a', 'b', 'c', 'd', 'e'].map((n) => `${n} ${m}`));

    await s.client(admin.token)(eq.update, { params: { equipmentId: made[2]!.id } as never, body: { model: 'M2' } as never });
    const after = await items();
    expect(after[2]!.model).toBe('M2');
    expect(after[2]!.updatedAt).not.toBe(before[2]!.updatedAt);
    expect(after.filter((_, i) => i !== 2)).toEqual(before.filter((_, i) => i !== 2));
    // A row gone from the page and one come onto it.
    await withScope(s.db, { orgId }, (tx) => sql`DELETE FROM equipment WHERE id = ${made[0]!.id}`.execute(tx));
    await s.client(admin.token)(eq.create, { body: { name: `f ${m}`, model: 'M3' } as never });
    expect((await items()).map((r) => [r.name, r.model])).toEqual([
      [`b ${m}`, 'M1'],
      [`c ${m}`, 'M2'],
      [`d ${m}`, 'M1'],
      [`e ${m}`, 'M1'],
      [`f ${m}`, 'M3'],
    ]);
    // A reference renamed: every row that shows it, though none changed itself.
    await s.client(admin.token)(types.update, { params: { id: type.id } as never, body: { name: `新型 ${m}` } as never });
    expect((await items()).map((r) => r.equipmentTypeName ?? null)).toEqual([`新型 ${m}`, `新型 ${m}`, `新型 ${m}`, `新型 ${m}`, null]);
    // And the whole page is, byte for byte, the one built with nothing kept
    // (another URL for the same page: its own first build).
    const kept = await (await get(path, admin)).text();
    expect(await (await get(`${path}&pageSize=100&pageIndex=0`, admin)).text()).toBe(kept);
  });

  it("builds again only the rows changed since the kept ones, or all when a reference's table was written", async () => {
    const m = marker();
    const type = await s.client(admin.token)(types.create, { body: { name: `型 ${m}` } as never });
    const made: { id: string }[] = [];
    for (const n of ['a', 'b', 'c']) made.push(await s.client(admin.token)(eq.create, { body: { name: `${n} ${m}`, equipmentTypeId: type.id } as never }));
    const ids = made.map((r) => r.id);
    type Out = { id: string; v: string; refs: string; item: string | null };
    const page = (known?: { ids: string[]; versions: string[]; refs: string }) =>
      withScope(s.db, { orgId }, async (tx) => (await rowsSql(equipment, sql`${ids}::uuid[]`, false, undefined, known).execute(tx)).rows as Out[]);
    const first = await page();
    expect(first.map((r) => r.id)).toEqual(ids);
    expect(first.every((r) => r.item !== null)).toBe(true);
    const known = { ids: first.map((r) => r.id), versions: first.map((r) => r.v), refs: first[0]!.refs };
    expect((await page(known)).map((r) => r.item)).toEqual([null, null, null]);

    await s.client(admin.token)(eq.update, { params: { equipmentId: ids[1]! } as never, body: { model: 'M2' } as never });
    const one = await page(known);
    expect(one.map((r) => r.item === null)).toEqual([true, false, true]);
    expect(JSON.parse(one[1]!.item!).model).toBe('M2');

    await s.client(admin.token)(types.update, { params: { id: type.id } as never, body: { name: `新型 ${m}` } as never });
    const all = await page(known);
    expect(all.every((r) => r.item !== null)).toBe(true);
    expect(all.map((r) => JSON.parse(r.item!).equipmentTypeName)).toEqual([`新型 ${m}`, `新型 ${m}`, `新型 ${m}`]);
  });

  // A read of a URL whose last read by the same caller built its page goes
  // straight to its transaction (ListCache.misses), without the look first:
  // what a user would notice if that path were wrong is a page shown to a
  // caller refused since, another organisation's page, or another page
  // than a fresh build gives.
  describe('read again by the caller who last had it built', () => {
    it('is refused to a caller who lost the area since, with no row of it in the answer', async () => {
      const m = marker();
      await s.client(admin.token)(eq.create, { body: { name: `秘 ${m}` } as never });
      const path = `/v2/equipment?freeText=${m}`;
      const holder = await s.createAccount({ orgId, areas: ['GA'] });
      expect(await names(await get(path, holder))).toEqual([`秘 ${m}`]); // built: the next read goes straight to its transaction
      await s.client(admin.token)(eq.create, { body: { name: `密 ${m}` } as never });
      await loseGa(holder);
      for (const headers of [{}, { 'accept-language': 'ja-JP' }] as Record<string, string>[]) {
        const refused = await get(path, holder, headers);
        expect(refused.status).toBe(403);
        expect(refused.headers.get('etag')).toBeNull();
        const text = await refused.text();
        expect(JSON.parse(text).code).toBe('FORBIDDEN');
        expect(text).not.toContain(m);
      }
      // The one who still has the area reads both rows, built or kept.
      expect((await names(await get(path, admin))).sort()).toEqual([`密 ${m}`, `秘 ${m}`].sort());
    });

    it('is refused to a token whose account is gone since (401), with no row of it in the answer', async () => {
      // Built again with the caller's statement in the page's own message:
      // a token that resolves to no account enters no organisation, and
      // the page's statement reads nothing (server/auth/access.ts,
      // inLedTransaction).
      const m = marker();
      const holder = await s.createAccount({ orgId, areas: ['GA'] });
      await s.client(admin.token)(eq.create, { body: { name: `旧 ${m}` } as never });
      const path = `/v2/equipment?freeText=${m}`;
      expect(await names(await get(path, holder))).toEqual([`旧 ${m}`]); // built: the next read leads with the caller
      await s.client(admin.token)(eq.create, { body: { name: `新 ${m}` } as never });
      await s.db.updateTable('accounts').set({ cognito_sub: `gone-${m}` }).where('id', '=', holder.accountId).execute();
      const refused = await get(path, holder);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('etag')).toBeNull();
      const text = await refused.text();
      expect(JSON.parse(text).code).toBe('UNAUTHENTICATED');
      expect(text).not.toContain(m);
    });

    it('is, byte for byte, the page a fresh build gives, under the version it was built at; a 304 to a browser that has it', async () => {
      // An organisation of its own: the page holds this test's rows only.
      const org = await s.createOrg();
      const reader = await s.createAccount({ orgId: org, areas: ['GA'] });
      const m = marker();
      const made: { id: string }[] = [];
      for (const n of ['a', 'b', 'c']) made.push(await s.client(reader.token)(eq.create, { body: { name: `${n} ${m}` } as never }));
      const path = `/v2/equipment?sort=NAME&pageSize=10`;
      await get(path, reader); // built
      await s.client(reader.token)(eq.update, { params: { equipmentId: made[1]!.id } as never, body: { model: 'M9' } as never });
      const again = await get(path, reader); // built again, from the rows kept of the first build
      expect(again.status).toBe(200);
      const text = await again.text();
      expect(JSON.parse(text).items.map((r: { model: string | null }) => r.model ?? null)).toEqual([null, 'M9', null]);
      // Another URL of the same page, its first build: the same bytes.
      expect(await (await get(`${path}&pageIndex=0`, reader)).text()).toBe(text);
      // Nothing written since: a browser holding it gets a 304, then the kept page is served again.
      const etag = again.headers.get('etag')!;
      const revalidated = await get(path, reader, { 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      const kept = await get(path, reader);
      expect(kept.headers.get('etag')).toBe(etag);
      expect(await kept.text()).toBe(text);
      // Built after a write, then read again with nothing written: the kept
      // page (gzipped for a client that takes it), not an empty or new one.
      await s.client(reader.token)(eq.create, { body: { name: `d ${m}` } as never });
      const built = await get(path, reader, { 'accept-encoding': 'gzip' });
      expect(built.headers.get('content-encoding')).toBeNull();
      const builtText = await built.text();
      expect(JSON.parse(builtText).count).toBe(4);
      const keptAgain = await get(path, reader, { 'accept-encoding': 'gzip' });
      expect(keptAgain.headers.get('content-encoding')).toBe('gzip');
      expect(keptAgain.headers.get('etag')).toBe(`W/${built.headers.get('etag')}`);
      expect(gunzipSync(Buffer.from(await keptAgain.arrayBuffer())).toString('utf8')).toBe(builtText);
    });

    it("is the caller's own organisation's page even if the caller's organisation changed since", async () => {
      const m = marker();
      await s.client(admin.token)(eq.create, { body: { name: `旧 ${m}` } as never });
      await s.client(other.token)(eq.create, { body: { name: `新 ${m}` } as never });
      const path = `/v2/equipment?freeText=${m}`;
      const mover = await s.createAccount({ orgId, areas: ['GA'] });
      expect(await names(await get(path, mover))).toEqual([`旧 ${m}`]);
      // The same sign-in now resolves to an account in the other
      // organisation (an operator with GA there), its last read of the URL
      // a build in the first one.
      const moved = await s.createAccount({ orgId: otherOrgId, areas: ['GA'] });
      const sub = (await sql<{ sub: string }>`SELECT cognito_sub AS sub FROM accounts WHERE id = ${mover.accountId}`.execute(s.db)).rows[0]!.sub;
      await sql`UPDATE accounts SET cognito_sub = ${`moved-${sub}`} WHERE id = ${mover.accountId}`.execute(s.db);
      await sql`UPDATE accounts SET cognito_sub = ${sub} WHERE id = ${moved.accountId}`.execute(s.db);
      const there = await get(path, mover);
      expect(await names(there)).toEqual([`新 ${m}`]);
      // Its ETag is the other organisation's: the first organisation's page is not revalidated by it.
      const theirs = await get(path, other);
      expect(theirs.headers.get('etag')).toBe(there.headers.get('etag'));
    });
  });

  it('carries no ETag on an error', async () => {
    const res = await get('/v2/equipment?pageSize=5000', admin);
    expect(res.status).toBe(400);
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('data versions', () => {
  it('are kept on every table a module list reads', async () => {
    const wanted = [...new Set(MODULES.flatMap(listTables))];
    const r = await sql<{ table_name: string; n: string }>`
      SELECT c.relname AS table_name, count(*) AS n FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname LIKE 'table_versions_%' AND c.relname = ANY(${wanted}::text[]) GROUP BY c.relname`.execute(s.db);
    const found = Object.fromEntries(r.rows.map((x) => [x.table_name, Number(x.n)]));
    expect(Object.fromEntries(wanted.map((t) => [t, found[t] ?? 0]))).toEqual(Object.fromEntries(wanted.map((t) => [t, 4])));
  });

  it('grow once per statement, per organisation written', async () => {
    const version = async (org: string) =>
      Number((await sql<{ v: string }>`SELECT data_version(${org}::uuid, ARRAY['equipment']) AS v`.execute(s.db)).rows[0]!.v);
    const [a0, b0] = [await version(orgId), await version(otherOrgId)];
    await withScope(s.db, { orgId }, (tx) =>
      sql`INSERT INTO equipment (org_id, name) SELECT ${orgId}, 'bulk ' || g FROM generate_series(1, 50) g`.execute(tx),
    );
    expect(await version(orgId)).toBe(a0 + 1);
    expect(await version(otherOrgId)).toBe(b0);
  });
});
