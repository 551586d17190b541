// A real SCIM 2.0 service provider (RFC 7643/7644, read side) for tests: the
// tenant a SCIM connector reads. node:http on 127.0.0.1; no test-runner
// imports, so vitest API tests, Playwright and scripts can all start one.
//
// Serves, under /scim/v2: ServiceProviderConfig, ResourceTypes, Users and
// Groups (ListResponse with startIndex/count, count capped at pageLimit;
// a simple `filter=attr eq "value"`), Users/{id} and Groups/{id}. A wrong
// bearer token gets 401 with a SCIM error body; failNext(status, n) makes
// the next n calls answer that status (429 with Retry-After). Users carry
// the enterprise extension (employeeNumber, department, division,
// organization, costCenter, manager) when given, as an HR system sends them.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScimUserInput {
  /** Default: derived from userName (stable across setUsers). */
  id?: string;
  userName: string;
  displayName?: string;
  givenName?: string;
  familyName?: string;
  email?: string;
  /** Default true. */
  active?: boolean;
  role?: string;
  /** Display names of the groups the user belongs to. */
  groups?: string[];
  employeeNumber?: string;
  /** SCIM core `name.middleName`, `title` and `userType`. */
  middleName?: string;
  title?: string;
  userType?: string;
  /** Enterprise extension attributes (RFC 7643 §4.3) besides employeeNumber. */
  department?: string;
  division?: string;
  organization?: string;
  costCenter?: string;
  /** The manager: another user's id or userName (emitted as manager.value, $ref and displayName). */
  manager?: string;
  /** ISO date-times. */
  created?: string;
  lastModified?: string;
  /** Emitted in the urn:ietf:params:scim:schemas:extension:daicho:2.0:User extension. */
  lastSignedInAt?: string;
}

export interface ScimGroupInput {
  /** Default: derived from displayName. */
  id?: string;
  displayName: string;
  /** Members by user id or userName (added to the users naming the group in their `groups`). */
  members?: string[];
}

export interface ScimRequestLog {
  method: string;
  /** Path with the query string, as received (e.g. /scim/v2/Users?startIndex=1&count=100). */
  path: string;
  /** The Authorization header as received. */
  auth: string | undefined;
}

export interface ScimServer {
  /** Base URL, ending in /scim/v2 (no trailing slash). */
  url: string;
  /** Every request received, in order (failed and unauthorised ones included). */
  requests: ScimRequestLog[];
  setUsers(u: ScimUserInput[]): void;
  setGroups(g: ScimGroupInput[]): void;
  /** The next `times` (default 1) requests answer `status` with a SCIM error body. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  daicho: 'urn:ietf:params:scim:schemas:extension:daicho:2.0:User',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  config: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
} as const;

const PREFIX = '/scim/v2';
const DEFAULT_DATE = '2024-01-01T00:00:00.000Z';

/** A stable UUID-shaped id from a name. */
function stableId(kind: string, name: string): string {
  const h = createHash('sha1').update(`${kind}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type Json = Record<string, unknown>;

export async function startScimServer(o: {
  token: string;
  users?: ScimUserInput[];
  groups?: ScimGroupInput[];
  /** Largest `count` honoured per page; default 50. */
  pageLimit?: number;
  /** Default 0 (any free port). */
  port?: number;
}): Promise<ScimServer> {
  const pageLimit = o.pageLimit ?? 50;
  let users = o.users ?? [];
  let explicitGroups = o.groups ?? [];
  const requests: ScimRequestLog[] = [];
  let failing: { status: number; left: number } | null = null;
  let base = '';

  const userId = (u: ScimUserInput) => u.id ?? stableId('user', u.userName);

  /** Groups: those the users name plus the explicit ones, with their members. */
  function groupTable() {
    const byName = new Map<string, { id: string; displayName: string; members: Set<string> }>();
    const get = (name: string, id?: string) => {
      let g = byName.get(name);
      if (!g) byName.set(name, (g = { id: id ?? stableId('group', name), displayName: name, members: new Set() }));
      return g;
    };
    for (const g of explicitGroups) {
      const row = get(g.displayName, g.id);
      for (const m of g.members ?? []) {
        const u = users.find((x) => userId(x) === m || x.userName === m);
        if (u) row.members.add(userId(u));
      }
    }
    for (const u of users) for (const name of u.groups ?? []) get(name).members.add(userId(u));
    return [...byName.values()];
  }

  function userResource(u: ScimUserInput, groups: ReturnType<typeof groupTable>): Json {
    const id = userId(u);
    const formatted = [u.givenName, u.familyName].filter(Boolean).join(' ');
    const manager = u.manager ? users.find((x) => userId(x) === u.manager || x.userName === u.manager) : undefined;
    const enterprise: Json = {
      ...(u.employeeNumber ? { employeeNumber: u.employeeNumber } : {}),
      ...(u.department ? { department: u.department } : {}),
      ...(u.division ? { division: u.division } : {}),
      ...(u.organization ? { organization: u.organization } : {}),
      ...(u.costCenter ? { costCenter: u.costCenter } : {}),
      ...(u.manager
        ? { manager: { value: manager ? userId(manager) : u.manager, ...(manager ? { $ref: `${base}/Users/${userId(manager)}`, displayName: manager.displayName ?? manager.userName } : {}) } }
        : {}),
    };
    const hasEnterprise = Object.keys(enterprise).length > 0;
    const r: Json = {
      schemas: [SCIM_SCHEMAS.user, ...(hasEnterprise ? [SCIM_SCHEMAS.enterprise] : []), ...(u.lastSignedInAt ? [SCIM_SCHEMAS.daicho] : [])],
      id,
      userName: u.userName,
      active: u.active ?? true,
      meta: {
        resourceType: 'User',
        created: u.created ?? DEFAULT_DATE,
        lastModified: u.lastModified ?? u.created ?? DEFAULT_DATE,
        location: `${base}/Users/${id}`,
        version: `W/"${stableId('v', JSON.stringify(u)).slice(0, 8)}"`,
      },
    };
    if (u.displayName) r.displayName = u.displayName;
    if (u.givenName || u.familyName)
      r.name = {
        formatted,
        ...(u.givenName ? { givenName: u.givenName } : {}),
        ...(u.familyName ? { familyName: u.familyName } : {}),
        ...(u.middleName ? { middleName: u.middleName } : {}),
      };
    if (u.title) r.title = u.title;
    if (u.userType) r.userType = u.userType;
    if (u.email) r.emails = [{ value: u.email, primary: true, type: 'work' }];
    if (u.role) r.roles = [{ value: u.role, display: u.role, primary: true }];
    const mine = groups.filter((g) => g.members.has(id));
    if (mine.length) r.groups = mine.map((g) => ({ value: g.id, display: g.displayName, $ref: `${base}/Groups/${g.id}`, type: 'direct' }));
    if (hasEnterprise) r[SCIM_SCHEMAS.enterprise] = enterprise;
    if (u.lastSignedInAt) r[SCIM_SCHEMAS.daicho] = { lastSignedInAt: u.lastSignedInAt };
    return r;
  }

  function groupResource(g: ReturnType<typeof groupTable>[number]): Json {
    return {
      schemas: [SCIM_SCHEMAS.group],
      id: g.id,
      displayName: g.displayName,
      members: [...g.members].map((value) => ({ value, display: users.find((u) => userId(u) === value)?.userName, $ref: `${base}/Users/${value}`, type: 'User' })),
      meta: { resourceType: 'Group', created: DEFAULT_DATE, lastModified: DEFAULT_DATE, location: `${base}/Groups/${g.id}` },
    };
  }

  /** `filter=attr eq "value"` (case-insensitive attribute, exact value); anything else is a 400. */
  function applyFilter(list: Json[], filter: string | null): Json[] | { error: string } {
    if (!filter) return list;
    const m = /^\s*([A-Za-z][\w.]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
    if (!m) return { error: `Unsupported filter: ${filter}` };
    const path = m[1]!.toLowerCase().split('.');
    const want = m[2]!.replace(/\\(.)/g, '$1');
    const valueAt = (r: unknown, keys: string[]): unknown[] => {
      if (keys.length === 0) return [r];
      if (Array.isArray(r)) return r.flatMap((x) => valueAt(x, keys));
      if (!r || typeof r !== 'object') return [];
      const [k, ...rest] = keys;
      const entry = Object.entries(r).find(([key]) => key.toLowerCase() === k);
      return entry ? valueAt(entry[1], rest) : [];
    };
    return list.filter((r) => valueAt(r, path).some((v) => (path[0] === 'username' ? String(v).toLowerCase() === want.toLowerCase() : String(v) === want)));
  }

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/scim+json; charset=utf-8', ...headers }).end(JSON.stringify(body));
  }
  function sendError(res: http.ServerResponse, status: number, detail: string, headers: Record<string, string> = {}) {
    send(res, status, { schemas: [SCIM_SCHEMAS.error], status: String(status), detail }, headers);
  }

  function list(res: http.ServerResponse, params: URLSearchParams, all: Json[]) {
    const filtered = applyFilter(all, params.get('filter'));
    if (!Array.isArray(filtered)) return send(res, 400, { schemas: [SCIM_SCHEMAS.error], status: '400', scimType: 'invalidFilter', detail: filtered.error });
    const startRaw = Number.parseInt(params.get('startIndex') ?? '1', 10);
    const startIndex = Number.isFinite(startRaw) && startRaw >= 1 ? startRaw : 1;
    const countRaw = Number.parseInt(params.get('count') ?? String(pageLimit), 10);
    const count = Math.min(pageLimit, Number.isFinite(countRaw) && countRaw >= 0 ? countRaw : pageLimit);
    const page = filtered.slice(startIndex - 1, startIndex - 1 + count);
    send(res, 200, { schemas: [SCIM_SCHEMAS.list], totalResults: filtered.length, startIndex, itemsPerPage: page.length, Resources: page });
  }

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const auth = req.headers.authorization;
    requests.push({ method, path: req.url ?? '/', auth });
    req.resume();
    const url = new URL(req.url ?? '/', 'http://scim.invalid');

    if (failing && failing.left > 0) {
      const { status } = failing;
      if (--failing.left === 0) failing = null;
      return sendError(res, status, `Simulated failure (HTTP ${status}).`, status === 429 ? { 'retry-after': '1' } : {});
    }
    if (!url.pathname.startsWith(`${PREFIX}/`)) return sendError(res, 404, `No SCIM endpoint at ${url.pathname}.`);
    if (auth !== `Bearer ${o.token}`)
      return sendError(res, 401, 'Authorization failure: the bearer token is missing or not valid.', { 'www-authenticate': 'Bearer realm="scim"' });
    if (method !== 'GET') return sendError(res, 501, `${method} is not implemented by this test service provider.`);

    const parts = url.pathname.slice(PREFIX.length + 1).split('/').map(decodeURIComponent);
    const groups = groupTable();
    switch (parts[0]) {
      case 'ServiceProviderConfig':
        return send(res, 200, {
          schemas: [SCIM_SCHEMAS.config],
          documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
          patch: { supported: false },
          bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
          filter: { supported: true, maxResults: pageLimit },
          changePassword: { supported: false },
          sort: { supported: false },
          etag: { supported: false },
          authenticationSchemes: [
            { type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'Authentication with a bearer token', primary: true },
          ],
          meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
        });
      case 'ResourceTypes':
        return send(res, 200, {
          schemas: [SCIM_SCHEMAS.list],
          totalResults: 2,
          startIndex: 1,
          itemsPerPage: 2,
          Resources: [
            { schemas: [SCIM_SCHEMAS.resourceType], id: 'User', name: 'User', endpoint: '/Users', schema: SCIM_SCHEMAS.user, schemaExtensions: [{ schema: SCIM_SCHEMAS.enterprise, required: false }] },
            { schemas: [SCIM_SCHEMAS.resourceType], id: 'Group', name: 'Group', endpoint: '/Groups', schema: SCIM_SCHEMAS.group },
          ],
        });
      case 'Users': {
        if (parts.length === 1) return list(res, url.searchParams, users.map((u) => userResource(u, groups)));
        const u = users.find((x) => userId(x) === parts[1]);
        return u ? send(res, 200, userResource(u, groups)) : sendError(res, 404, `Resource ${parts[1]} not found.`);
      }
      case 'Groups': {
        if (parts.length === 1) return list(res, url.searchParams, groups.map(groupResource));
        const g = groups.find((x) => x.id === parts[1]);
        return g ? send(res, 200, groupResource(g)) : sendError(res, 404, `Resource ${parts[1]} not found.`);
      }
      default:
        return sendError(res, 404, `No SCIM endpoint at ${url.pathname}.`);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}${PREFIX}`;

  return {
    url: base,
    requests,
    setUsers(u) {
      users = u;
    },
    setGroups(g) {
      explicitGroups = g;
    },
    failNext(status, times = 1) {
      failing = times > 0 ? { status, left: times } : null;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
