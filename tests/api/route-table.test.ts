// Walks the registered route table: every route declares who may call it,
// answers 401 without a valid token and 403 to an account without its area,
// and appears in the OpenAPI document. A new route is covered here with no
// extra test code.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS, type Area } from '../../src/api/contracts/define.js';
import { defineRoute } from '../../server/http/route.js';
import { routeTable } from '../../server/routes.js';
import { createPerson } from '../../src/api/contracts/person-add.js';
import { createTestServer, type TestAccount, type TestServer } from '../support/app.js';
import { DECLARATION_ROUTES } from '../support/declarations.js';

/** Routes anyone may call. Adding one is a deliberate act: edit this list. */
const PUBLIC_ROUTES = new Set(['auth.config', 'auth.passwordReset.request', 'auth.passwordReset.confirm', 'invitations.get', 'invitations.accept',
  // Shadow-IT detectors: the ingestion token, not a session, is the credential.
  'shadowIt.ingest']);

let s: TestServer;
let noArea: TestAccount;
let individualOnly: TestAccount;
let allAreas: TestAccount;
const oneArea = new Map<Area, TestAccount>();

const fillPath = (path: string) => path.replace(/\{\w+\}/g, () => crypto.randomUUID());
const call = (method: string, path: string, token?: string) =>
  s.app.request(fillPath(path), {
    method: method.toUpperCase(),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', 'accept-language': 'en-US' },
    ...(method === 'get' ? {} : { body: '{}' }),
  });

beforeAll(async () => {
  s = await createTestServer();
  const orgId = await s.createOrg();
  [noArea, individualOnly, allAreas] = await Promise.all([
    s.createAccount({ orgId, kinds: ['OPERATOR'] }),
    s.createAccount({ orgId, kinds: ['INDIVIDUAL'] }),
    s.createAccount({ orgId, kinds: ['OPERATOR'], areas: [...AREAS] }),
  ]);
  for (const area of AREAS) oneArea.set(area, await s.createAccount({ orgId, kinds: ['OPERATOR'], areas: [area] }));
});
afterAll(() => s?.close());

describe('route table', () => {
  it('has routes, each with a declared access rule and a unique id and path', () => {
    expect(routeTable.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (const { contract } of routeTable) {
      expect(['public', 'signed-in', 'individual', 'area'], contract.id).toContain(contract.access?.kind);
      if (contract.access.kind === 'area') expect(AREAS).toContain(contract.access.area);
      expect(seen.has(contract.id), `duplicate id ${contract.id}`).toBe(false);
      seen.add(contract.id);
      const key = `${contract.method} ${contract.path}`;
      expect(seen.has(key), `duplicate route ${key}`).toBe(false);
      seen.add(key);
    }
  });

  it('public routes are exactly the allowed ones', () => {
    const pub = routeTable.filter((r) => r.contract.access.kind === 'public').map((r) => r.contract.id);
    expect(new Set(pub)).toEqual(PUBLIC_ROUTES);
  });

  it('answers only GETs before their COMMIT (reads): the lists, counts and records, never a write', () => {
    const reads = routeTable.filter((r) => r.read);
    for (const { contract } of reads) expect(contract.method, contract.id).toBe('get');
    expect(reads.map((r) => r.contract.id)).toEqual(expect.arrayContaining(['people.list', 'people.count', 'equipment.list', 'equipment.count', 'equipment.get']));
    expect(() => defineRoute(createPerson, async () => ({}) as never, { read: true })).toThrow(/only a GET/);
  });

  it.each(routeTable.filter((r) => r.contract.access.kind !== 'public').map((r) => [r.contract.id, r.contract] as const))(
    '%s answers 401 without a token, with garbage and with an ID-less header',
    async (_id, contract) => {
      for (const token of [undefined, 'garbage', 'eyJhbGciOiJub25lIn0.e30.']) {
        const res = await call(contract.method, contract.path, token);
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('sign in') });
      }
    },
  );

  // People master lists but the representative: their rule as data, the same as the representative's (tests/support/declarations.ts).
  it('people master-list declarations declare the HR area, as the one walked below', () => {
    const declared = routeTable.filter((r) => DECLARATION_ROUTES.has(r.contract.id));
    expect(declared.length).toBeGreaterThan(0);
    for (const { contract } of declared) expect(contract.access, contract.id).toEqual({ kind: 'area', area: 'HR' });
  });

  it.each(routeTable.filter((r) => r.contract.access.kind === 'area' && !DECLARATION_ROUTES.has(r.contract.id)).map((r) => [r.contract.id, r.contract] as const))(
    '%s answers 403 to accounts without its area and not 403 to those with it',
    async (_id, contract) => {
      if (contract.access.kind !== 'area') return;
      const area = contract.access.area;
      const denied = [noArea, individualOnly, ...AREAS.filter((a) => a !== area).map((a) => oneArea.get(a)!)];
      for (const acc of denied) {
        const res = await call(contract.method, contract.path, acc.token);
        expect(res.status, `${acc.email} on ${contract.id}`).toBe(403);
        const body = await res.json();
        // The account's locale (ja-JP) wins over Accept-Language.
        expect(body).toMatchObject({ code: 'FORBIDDEN', title: 'アクセスが拒否されました' });
        expect(body.message.length).toBeGreaterThan(10);
      }
      for (const acc of [oneArea.get(area)!, allAreas]) {
        const res = await call(contract.method, contract.path, acc.token);
        expect(res.status, `${acc.email} on ${contract.id}`).not.toBe(403);
        expect(res.status).not.toBe(401);
      }
    },
  );

  it.each(routeTable.filter((r) => r.contract.access.kind === 'individual').map((r) => [r.contract.id, r.contract] as const))(
    '%s answers 403 to operator-only accounts',
    async (_id, contract) => {
      expect((await call(contract.method, contract.path, allAreas.token)).status).toBe(403);
      expect((await call(contract.method, contract.path, individualOnly.token)).status).not.toBe(403);
    },
  );

  it('the OpenAPI 3.1 document lists every route with its method', async () => {
    const res = await s.app.request('/v2/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const { contract } of routeTable) {
      expect(doc.paths[contract.path]?.[contract.method]?.operationId, `${contract.method} ${contract.path}`).toBe(contract.id);
    }
  });
});
