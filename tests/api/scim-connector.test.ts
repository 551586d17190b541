// The SCIM 2.0 connector against a real SCIM service provider on loopback
// (tests/support/scim-server.ts): paging, mapping, the errors an operator
// sees, and the SSRF / token-leak guards.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScimConnector } from '../../server/connectors/scim.js';
import { type ConnectorAccount, ConnectorError, type ConnectorGroup } from '../../server/connectors/types.js';
import { type ScimServer, type ScimUserInput, startScimServer } from '../support/scim-server.js';

const TOKEN = 'scim-test-token-0123456789';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function scim(o: Parameters<typeof startScimServer>[0]): Promise<ScimServer> {
  const s = await startScimServer(o);
  cleanups.push(() => s.close());
  return s;
}

/** A loopback server answering whatever `handler` says (non-SCIM tenants). */
async function raw(handler: http.RequestListener) {
  const seen: { path: string; auth: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization });
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  cleanups.push(() => (server.closeAllConnections(), new Promise((r) => server.close(r))));
  return { url: `http://127.0.0.1:${port}/scim/v2`, port, seen };
}

const connect = (baseUrl: string, o: Partial<Parameters<typeof createScimConnector>[0]> = {}) =>
  createScimConnector({ baseUrl, token: TOKEN, allowPrivateNetwork: true, ...o });

async function readAll<T>(it: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of it) all.push(...page);
  return all;
}

async function failure(p: Promise<unknown>): Promise<ConnectorError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectorError);
  return err as ConnectorError;
}

const manyUsers = (n: number): ScimUserInput[] =>
  Array.from({ length: n }, (_, i) => ({ userName: `user${i}@example.com`, givenName: 'U', familyName: String(i) }));

describe('reading accounts', () => {
  it('reads every account across pages when the server caps the page size', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(230), pageLimit: 50 });
    const pages: ConnectorAccount[][] = [];
    for await (const page of connect(s.url).accounts()) pages.push(page);
    const all = pages.flat();
    expect(all).toHaveLength(230);
    expect(new Set(all.map((a) => a.externalId)).size).toBe(230);
    expect(new Set(all.map((a) => a.userName))).toEqual(new Set(manyUsers(230).map((u) => u.userName)));
    // Asked 100 a page, got 50: advanced by what came, 5 requests, the token on each.
    expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50, 30]);
    expect(s.requests.map((r) => r.path)).toEqual([1, 51, 101, 151, 201].map((i) => `/scim/v2/Users?startIndex=${i}&count=100`));
    expect(s.requests.every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('reads an empty tenant as no accounts, in one request', async () => {
    const s = await scim({ token: TOKEN, users: [] });
    expect(await readAll(connect(s.url + '/').accounts())).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('maps every field of a rich account, and nulls for a minimal one', async () => {
    const s = await scim({
      token: TOKEN,
      users: [
        {
          id: 'u-rich',
          userName: 'hanako.yamada',
          givenName: 'Hanako',
          familyName: 'Yamada',
          email: 'hanako@example.co.jp',
          active: false,
          role: 'Admin',
          groups: ['Sales', 'Tokyo'],
          employeeNumber: 'E-0042',
          created: '2023-04-01T09:00:00Z',
          lastModified: '2024-05-06T07:08:09Z',
          lastSignedInAt: '2024-06-30T23:59:00Z',
        },
        { id: 'u-min', userName: 'svc-backup' },
        { id: 'u-mail', userName: 'taro@example.com', displayName: 'Taro (contractor)' },
      ],
    });
    const byId = new Map((await readAll(connect(s.url).accounts())).map((a) => [a.externalId, a]));
    expect(byId.get('u-rich')).toEqual({
      externalId: 'u-rich',
      userName: 'hanako.yamada',
      displayName: 'Hanako Yamada',
      email: 'hanako@example.co.jp',
      active: false,
      roleName: 'Admin',
      groups: ['Sales', 'Tokyo'],
      employeeNumber: 'E-0042',
      createdAt: '2023-04-01T09:00:00.000Z',
      lastModified: '2024-05-06T07:08:09.000Z',
      lastSignedInAt: '2024-06-30T23:59:00.000Z',
    } satisfies ConnectorAccount);
    expect(byId.get('u-min')).toMatchObject({
      userName: 'svc-backup',
      displayName: null,
      email: null,
      active: true,
      roleName: null,
      groups: [],
      employeeNumber: null,
      lastSignedInAt: null,
    });
    // No e-mail attribute, but a userName that is one; displayName wins over the name.
    expect(byId.get('u-mail')).toMatchObject({ email: 'taro@example.com', displayName: 'Taro (contractor)' });
  });

  it('reads the primary e-mail and role, whatever the attribute-name case', async () => {
    const t = await raw((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/scim+json' }).end(
        JSON.stringify({
          schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
          TotalResults: 1,
          resources: [
            {
              ID: 42,
              UserName: 'k.sato',
              Name: { Formatted: 'Sato Kenji' },
              Emails: [{ value: 'old@example.com' }, { value: 'k.sato@example.com', primary: true }],
              Roles: [{ value: 'member' }, { value: 'owner', display: 'Owner', primary: true }],
              Groups: [{ value: 'g1' }, { value: 'g2', display: 'Ops' }],
              'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { EmployeeNumber: '7' },
            },
          ],
        }),
      ),
    );
    expect(await readAll(connect(t.url).accounts())).toEqual([
      expect.objectContaining({ externalId: '42', displayName: 'Sato Kenji', email: 'k.sato@example.com', roleName: 'Owner', groups: ['Ops'], employeeNumber: '7' }),
    ]);
  });

  it('does not loop on a server that ignores startIndex: it fails instead of reading a part as the whole', async () => {
    const t = await raw((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ totalResults: 500, Resources: [{ id: 'a', userName: 'a' }, { id: 'b', userName: 'b' }] }),
      ),
    );
    expect((await failure(readAll(connect(t.url).accounts()))).code).toBe('BAD_RESPONSE');
    expect(t.seen).toHaveLength(2);
  });

  it('groups() returns each group with its members', async () => {
    const s = await scim({
      token: TOKEN,
      users: [
        { id: 'u1', userName: 'a', groups: ['Sales'] },
        { id: 'u2', userName: 'b', groups: ['Sales', 'Admins'] },
        { id: 'u3', userName: 'c' },
      ],
      groups: [{ id: 'g-empty', displayName: 'Nobody' }],
    });
    const groups = await readAll(connect(s.url, { pageSize: 2 }).groups());
    const byName = new Map<string, ConnectorGroup>(groups.map((g) => [g.displayName, g]));
    expect([...byName.keys()].sort()).toEqual(['Admins', 'Nobody', 'Sales']);
    expect(byName.get('Sales')!.members.sort()).toEqual(['u1', 'u2']);
    expect(byName.get('Admins')!.members).toEqual(['u2']);
    expect(byName.get('Nobody')).toEqual({ externalId: 'g-empty', displayName: 'Nobody', members: [] });
    expect(s.requests.map((r) => r.path)).toEqual(['/scim/v2/Groups?startIndex=1&count=2', '/scim/v2/Groups?startIndex=3&count=2']);
  });
});

describe('errors an operator sees', () => {
  it('a wrong token is UNAUTHORIZED, and nothing further is read', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(120) });
    const err = await failure(readAll(connect(s.url, { token: 'wrong' }).accounts()));
    expect(err).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(s.requests).toHaveLength(1);
  });

  it('429 is RATE_LIMITED; the next try reads normally', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(3) });
    s.failNext(429);
    expect(await failure(readAll(connect(s.url).accounts()))).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(await readAll(connect(s.url).accounts())).toHaveLength(3);
  });

  it('a failure in the middle of paging fails the read (no partial list that looks complete)', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(120), pageLimit: 50 });
    const read: ConnectorAccount[] = [];
    const run = (async () => {
      for await (const page of connect(s.url).accounts()) {
        read.push(...page);
        s.failNext(500);
      }
    })();
    expect(await failure(run)).toMatchObject({ code: 'BAD_RESPONSE', status: 500 });
    expect(read).toHaveLength(50);
  });

  it('an HTML page or a JSON that is not a SCIM list is BAD_RESPONSE', async () => {
    const html = await raw((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title>'));
    expect((await failure(readAll(connect(html.url).accounts()))).code).toBe('BAD_RESPONSE');
    expect((await failure(connect(html.url).test())).code).toBe('BAD_RESPONSE');
    const json = await raw((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"users":[]}'));
    expect((await failure(readAll(connect(json.url).accounts()))).code).toBe('BAD_RESPONSE');
    const notFound = await raw((_req, res) => res.writeHead(404).end('Not Found'));
    expect(await failure(readAll(connect(notFound.url).accounts()))).toMatchObject({ code: 'BAD_RESPONSE', status: 404 });
  });

  it('a closed port, or a server that never answers, is UNREACHABLE', async () => {
    const t = await raw(() => {});
    const port = t.port;
    await cleanups.pop()!();
    expect((await failure(readAll(connect(`http://127.0.0.1:${port}/scim/v2`).accounts()))).code).toBe('UNREACHABLE');

    const silent = await raw(() => {}); // never answers
    const started = Date.now();
    const err = await failure(connect(silent.url, { timeoutMs: 300 }).test());
    expect(err.code).toBe('UNREACHABLE');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a base URL that is not http(s) is refused', async () => {
    for (const bad of ['ftp://example.com/scim', 'not a url', 'file:///etc/passwd']) {
      expect((await failure(createScimConnector({ baseUrl: bad, token: TOKEN, allowPrivateNetwork: true }).test())).code).toBe('UNREACHABLE');
    }
  });

  it('the caller cancelling stops the read with the caller’s reason', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(3) });
    const ac = new AbortController();
    ac.abort(new Error('shutting down'));
    await expect(readAll(connect(s.url).accounts(ac.signal))).rejects.toThrow('shutting down');
    expect(s.requests).toHaveLength(0);
  });
});

describe('guards', () => {
  it('without allowPrivateNetwork, loopback hosts are refused before any request', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(3) });
    const port = new URL(s.url).port;
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]']) {
      const c = createScimConnector({ baseUrl: `http://${host}:${port}/scim/v2`, token: TOKEN, allowPrivateNetwork: false });
      const err = await failure(readAll(c.accounts()));
      expect(err.code).toBe('UNREACHABLE');
      expect(err.message).toMatch(/private|loopback|local/);
      expect((await failure(c.test())).code).toBe('UNREACHABLE');
    }
    expect(s.requests).toEqual([]);
  });

  it('a host name is resolved and refused when any of its addresses is private; a public one is called', async () => {
    const lookup = vi.spyOn(dns.promises, 'lookup');
    const calls: string[] = [];
    const fakeFetch = (async (url: URL | string) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ totalResults: 0, Resources: [] }), { headers: { 'content-type': 'application/scim+json' } });
    }) as typeof fetch;
    const c = createScimConnector({ baseUrl: 'https://scim.example.com/v2', token: TOKEN, allowPrivateNetwork: false, fetch: fakeFetch });

    lookup.mockResolvedValue([{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }] as never);
    expect(await failure(readAll(c.accounts()))).toMatchObject({ code: 'UNREACHABLE', message: expect.stringContaining('10.1.2.3') });
    lookup.mockResolvedValue([{ address: '169.254.169.254', family: 4 }] as never);
    expect((await failure(c.test())).code).toBe('UNREACHABLE');
    lookup.mockResolvedValue([{ address: 'fd00::1', family: 6 }] as never);
    expect((await failure(c.test())).code).toBe('UNREACHABLE');
    expect(calls).toEqual([]);

    lookup.mockResolvedValue([{ address: '93.184.216.34', family: 4 }] as never);
    expect(await readAll(c.accounts())).toEqual([]);
    expect(calls).toEqual(['https://scim.example.com/v2/Users?startIndex=1&count=100']);
    expect(lookup).toHaveBeenCalledWith('scim.example.com', { all: true });
  });

  it('a redirect is not followed: the token never reaches the other server', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(3) });
    const redirector = await raw((req, res) => res.writeHead(302, { location: `${s.url}${(req.url ?? '').replace('/scim/v2', '')}` }).end());
    expect(await failure(readAll(connect(redirector.url).accounts()))).toMatchObject({ code: 'BAD_RESPONSE', status: 302 });
    expect(await failure(connect(redirector.url).test())).toMatchObject({ code: 'BAD_RESPONSE', status: 302 });
    expect(redirector.seen.length).toBeGreaterThan(0);
    expect(s.requests).toEqual([]);
  });
});

describe('test()', () => {
  it('passes on a good server and fails UNAUTHORIZED on a bad token', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(2) });
    await expect(connect(s.url).test()).resolves.toBeUndefined();
    expect(s.requests.map((r) => r.path)).toEqual(['/scim/v2/ServiceProviderConfig', '/scim/v2/Users?startIndex=1&count=1']);
    expect(s.requests[0]!.auth).toBe(`Bearer ${TOKEN}`);
    expect(await failure(connect(s.url, { token: 'nope' }).test())).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });

  it('falls back to /Users when the server has no ServiceProviderConfig', async () => {
    const s = await scim({ token: TOKEN, users: manyUsers(2) });
    const proxy = await raw(async (req, res) => {
      if (req.url?.endsWith('/ServiceProviderConfig')) return res.writeHead(404).end();
      const upstream = await fetch(`${s.url}${(req.url ?? '').replace('/scim/v2', '')}`, { headers: { authorization: req.headers.authorization ?? '' } });
      res.writeHead(upstream.status, { 'content-type': 'application/scim+json' }).end(await upstream.text());
    });
    await expect(connect(proxy.url).test()).resolves.toBeUndefined();
    expect(proxy.seen.map((r) => r.path)).toEqual(['/scim/v2/ServiceProviderConfig', '/scim/v2/Users?startIndex=1&count=1']);
    expect(await failure(connect(proxy.url, { token: 'nope' }).test())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
