// The SCIM 2.0 connector (RFC 7643 schema, RFC 7644 protocol), as a client:
// it reads a SaaS tenant's /Users and /Groups with a bearer token. Only reads;
// it never creates, changes or deletes anything in the tenant. The same Users
// read two ways: accounts() for an app's accounts, people() for an HR
// system's people (names and the enterprise extension: employeeNumber,
// department, manager…).
//
// Safety: the base URL comes from an operator, so the server calling it is an
// SSRF vector. Unless allowPrivateNetwork, every host is resolved and refused
// when any of its addresses is loopback, private or link-local (the check and
// the connection resolve separately: this narrows, not closes, DNS rebinding).
// The token only goes to the base URL's origin: redirects are never followed.
import dns from 'node:dns';
import net from 'node:net';
import { z } from 'zod';
import { type Connector, type ConnectorAccount, ConnectorError, type ConnectorGroup, type ConnectorPerson } from './types.js';

export interface ScimConnectorOptions {
  /** The tenant's SCIM base URL, e.g. https://example.com/scim/v2 (http or https; a trailing slash is ignored). */
  baseUrl: string;
  /** Bearer token, sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Resources asked per page (`count`); default 100. Servers may answer fewer. */
  pageSize?: number;
  /** Time allowed for each HTTP call, body included; default 15,000 ms. */
  timeoutMs?: number;
  /** false in production: refuse loopback, private and link-local addresses. */
  allowPrivateNetwork: boolean;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
}

/** Hard limits against servers that page forever. */
export const SCIM_MAX_RESOURCES = 100_000;
export const SCIM_MAX_PAGES = 2_000;
/** Largest response body read (bytes). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:listresponse';
// Attribute names and schema URIs are case-insensitive (RFC 7643 §2.1): answers are read with lower-cased keys.
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user';
const DAICHO = 'urn:ietf:params:scim:schemas:extension:daicho:2.0:user';

// ---------------------------------------------------------------------------
// Response shapes (loose: unknown keys pass, malformed optional values read as absent).

const OptText = z
  .string()
  .nullish()
  .catch(null)
  .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null));
const Id = z.union([z.string().trim().min(1), z.number()]).transform(String);

interface Entry {
  value: string | null;
  display: string | null;
  primary: boolean;
}
const EntryObject = z.looseObject({
  value: z.union([z.string(), z.number()]).nullish().catch(null).transform((v) => (v == null ? null : String(v).trim() || null)),
  display: OptText,
  primary: z.unknown().optional(),
});
/** A multi-valued attribute (emails, roles, groups, members): entries that are not objects are dropped; bare strings are values. */
const Entries = z
  .array(z.unknown())
  .nullish()
  .catch(null)
  .transform((list): Entry[] =>
    (list ?? []).flatMap((e) => {
      if (typeof e === 'string') return e.trim() ? [{ value: e.trim(), display: null, primary: false }] : [];
      const r = EntryObject.safeParse(e);
      return r.success ? [{ value: r.data.value, display: r.data.display, primary: r.data.primary === true || r.data.primary === 'true' }] : [];
    }),
  );

const UserResource = z.looseObject({
  id: Id,
  username: z.string().trim().min(1),
  displayname: OptText,
  name: z.looseObject({ formatted: OptText, givenname: OptText, familyname: OptText, middlename: OptText }).nullish().catch(null),
  title: OptText,
  usertype: OptText,
  emails: Entries,
  roles: Entries,
  groups: Entries,
  active: z.unknown().optional(),
  meta: z.looseObject({ created: OptText, lastmodified: OptText }).nullish().catch(null),
  [ENTERPRISE]: z
    .looseObject({
      employeenumber: OptText,
      department: OptText,
      division: OptText,
      organization: OptText,
      costcenter: OptText,
      manager: z
        .looseObject({ value: z.union([z.string(), z.number()]).nullish().catch(null), displayname: OptText })
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
  [DAICHO]: z.looseObject({ lastsignedinat: OptText }).nullish().catch(null),
});

const GroupResource = z.looseObject({
  id: Id,
  displayname: OptText,
  members: Entries,
});

const ListResponse = z.looseObject({
  schemas: z.array(z.string()).optional(),
  totalresults: z.number().int().nonnegative(),
  resources: z.array(z.unknown()).nullish(),
});

// ---------------------------------------------------------------------------
// Mapping

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function pick(entries: Entry[], of: (e: Entry) => string | null): string | null {
  const primary = entries.find((e) => e.primary && of(e));
  if (primary) return of(primary);
  const first = entries.find((e) => of(e));
  return first ? of(first) : null;
}

/** An ISO 8601 date-time, or null when the tenant sent none or something unreadable. */
function isoDate(v: string | null): string | null {
  if (!v) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

function toAccount(u: z.infer<typeof UserResource>): ConnectorAccount {
  const given = [u.name?.givenname, u.name?.familyname].filter(Boolean).join(' ');
  const active = u.active === false || (typeof u.active === 'string' && u.active.toLowerCase() === 'false') ? false : true;
  return {
    externalId: u.id,
    userName: u.username,
    displayName: u.displayname ?? u.name?.formatted ?? (given || null),
    email: pick(u.emails, (e) => e.value) ?? (EMAIL.test(u.username) ? u.username : null),
    active,
    roleName: pick(u.roles, (e) => e.display ?? e.value),
    groups: u.groups.flatMap((g) => (g.display ? [g.display] : [])),
    employeeNumber: u[ENTERPRISE]?.employeenumber ?? null,
    createdAt: isoDate(u.meta?.created ?? null),
    lastModified: isoDate(u.meta?.lastmodified ?? null),
    lastSignedInAt: isoDate(u[DAICHO]?.lastsignedinat ?? null),
  };
}

/** The same user as an HR system's person: names, work e-mail and the enterprise extension. */
function toPerson(u: z.infer<typeof UserResource>): ConnectorPerson {
  const ext = u[ENTERPRISE];
  const manager = ext?.manager;
  const managerId = manager?.value == null ? null : String(manager.value).trim() || null;
  const work = u.emails.find((e) => e.primary && e.value) ?? u.emails.find((e) => e.value);
  return {
    externalId: u.id,
    userName: u.username,
    active: toAccount(u).active,
    familyName: u.name?.familyname ?? null,
    givenName: u.name?.givenname ?? null,
    middleName: u.name?.middlename ?? null,
    displayName: u.displayname ?? u.name?.formatted ?? null,
    email: work?.value ?? (EMAIL.test(u.username) ? u.username : null),
    title: u.title ?? null,
    userType: u.usertype ?? null,
    employeeNumber: ext?.employeenumber ?? null,
    department: ext?.department ?? null,
    division: ext?.division ?? null,
    organization: ext?.organization ?? null,
    costCenter: ext?.costcenter ?? null,
    managerId,
    managerName: manager?.displayname ?? null,
  };
}

function toGroup(g: z.infer<typeof GroupResource>): ConnectorGroup {
  return {
    externalId: g.id,
    displayName: g.displayname ?? g.id,
    members: [...new Set(g.members.flatMap((m) => (m.value ? [m.value] : [])))],
  };
}

/** Copies JSON with every object key lower-cased (SCIM names are case-insensitive). */
function lowerKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(lowerKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k.toLowerCase()] = lowerKeys(x);
    return out;
  }
  return v;
}

// ---------------------------------------------------------------------------
// Address checks (SSRF guard)

function ipv4Private(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

function ipv6Private(ip: string): boolean {
  const s = ip.toLowerCase().split('%')[0]!;
  if (s === '::' || s === '::1') return true;
  // IPv4-mapped / -compatible (::ffff:a.b.c.d, or its hex form ::ffff:7f00:1).
  const mapped = /^(?:0*:)*(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (mapped) return ipv4Private(mapped[1]!);
  const hexMapped = /^(?:0*:)*ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(s);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    const lo = parseInt(hexMapped[2]!, 16);
    return ipv4Private(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  const first = parseInt(s.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xff00) === 0xff00 // multicast
  );
}

/** true for loopback, private, link-local and other non-public addresses. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return ipv4Private(ip);
  if (family === 6) return ipv6Private(ip);
  return true; // not an address: refuse
}

function refused(host: string, why: string): ConnectorError {
  return new ConnectorError(
    'UNREACHABLE',
    `The SCIM base URL's host ${host} ${why}: Daicho does not call private, loopback or link-local addresses.`,
  );
}

async function assertPublicHost(hostname: string, signal: AbortSignal): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) throw refused(host, 'is the local machine');
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw refused(host, 'is a private address');
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await raceAbort(dns.promises.lookup(host, { all: true }), signal);
  } catch (err) {
    if (err instanceof ConnectorError || signal.aborted) throw err;
    throw new ConnectorError('UNREACHABLE', `The SCIM server's host name ${host} could not be resolved.`);
  }
  if (addresses.length === 0) throw new ConnectorError('UNREACHABLE', `The SCIM server's host name ${host} could not be resolved.`);
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  if (bad) throw refused(host, `resolves to the private address ${bad.address}`);
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

// ---------------------------------------------------------------------------

/** Reads the body as text, at most MAX_BODY_BYTES. */
async function readText(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new ConnectorError('BAD_RESPONSE', `The SCIM server's answer is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`, res.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The SCIM error's `detail` (RFC 7644 §3.12), short, when the body has one. */
function errorDetail(body: string): string {
  try {
    const d = (lowerKeys(JSON.parse(body)) as { detail?: unknown }).detail;
    return typeof d === 'string' && d.trim() ? ` (${d.trim().slice(0, 200)})` : '';
  } catch {
    return '';
  }
}

const NOT_FOUND = Symbol('not found');

export function createScimConnector(o: ScimConnectorOptions): Connector & { people: NonNullable<Connector['people']> } {
  const doFetch = o.fetch ?? globalThis.fetch;
  const pageSize = Math.max(1, Math.floor(o.pageSize ?? 100));
  const timeoutMs = o.timeoutMs ?? 15_000;

  // The base URL is checked here, its failure reported by each call (as a rejected promise).
  let base: URL | ConnectorError;
  try {
    const u = new URL(o.baseUrl.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConnectorError('UNREACHABLE', 'The SCIM base URL must start with http:// or https://.');
    if (u.username || u.password) throw new ConnectorError('UNREACHABLE', 'The SCIM base URL must not contain a user name or password.');
    if (u.search || u.hash) throw new ConnectorError('UNREACHABLE', 'The SCIM base URL must not contain a query (?) or fragment (#).');
    u.pathname = u.pathname.replace(/\/+$/, '');
    base = u;
  } catch (err) {
    base = err instanceof ConnectorError ? err : new ConnectorError('UNREACHABLE', 'The SCIM base URL is not a valid URL.');
  }

  /** One GET; JSON (keys lower-cased) on 2xx, NOT_FOUND on 404 when asked, a ConnectorError otherwise. */
  async function get(path: string, query: Record<string, number>, signal: AbortSignal | undefined, o2: { tolerate404?: boolean } = {}) {
    if (base instanceof ConnectorError) throw base;
    signal?.throwIfAborted();
    const url = new URL(base.href);
    url.pathname = `${base.pathname}${path}`;
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    if (url.origin !== base.origin) throw new ConnectorError('UNREACHABLE', 'Refusing to send the token to another origin.');

    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const failed = (err: unknown): never => {
      if (err instanceof ConnectorError) throw err;
      // The caller cancelled (not a deadline): that is not the tenant's failure, pass it on.
      if (signal?.aborted && !(signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError')) throw signal.reason;
      if (combined.aborted) throw new ConnectorError('UNREACHABLE', `The SCIM server did not answer within ${Math.round(timeoutMs / 1000)} s.`);
      const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
      const why = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
      throw new ConnectorError('UNREACHABLE', `The SCIM server at ${base instanceof URL ? base.host : ''} could not be reached (${why}).`);
    };

    let res: Response;
    let body: string;
    try {
      if (!o.allowPrivateNetwork) await assertPublicHost(url.hostname, combined);
      res = await doFetch(url, {
        method: 'GET',
        headers: { Authorization: `Bearer ${o.token}`, Accept: 'application/scim+json, application/json' },
        redirect: 'manual',
        signal: combined,
      });
      body = await readText(res);
    } catch (err) {
      return failed(err);
    }

    const s = res.status;
    if (s === 401 || s === 403)
      throw new ConnectorError('UNAUTHORIZED', `The SCIM server refused the token (HTTP ${s})${errorDetail(body)}.`, s);
    if (s === 429) {
      const after = res.headers.get('retry-after');
      throw new ConnectorError('RATE_LIMITED', `The SCIM server asks to slow down (HTTP 429)${after ? `; retry after ${after}` : ''}.`, s);
    }
    if (s === 404 && o2.tolerate404) return NOT_FOUND;
    if (s >= 300 && s < 400) {
      throw new ConnectorError('BAD_RESPONSE', `The SCIM server redirects (HTTP ${s}); redirects are not followed, check the base URL.`, s);
    }
    if (s < 200 || s >= 300) throw new ConnectorError('BAD_RESPONSE', `The SCIM server answered HTTP ${s}${errorDetail(body)}.`, s);
    try {
      return lowerKeys(JSON.parse(body));
    } catch {
      throw new ConnectorError('BAD_RESPONSE', 'The SCIM server did not answer JSON: check the base URL.', s);
    }
  }

  function listResponse(json: unknown): { total: number; resources: unknown[] } {
    const r = ListResponse.safeParse(json);
    if (!r.success || (r.data.schemas && !r.data.schemas.some((x) => x.toLowerCase() === LIST_RESPONSE)))
      throw new ConnectorError('BAD_RESPONSE', 'The SCIM server did not answer a SCIM ListResponse: check the base URL.');
    return { total: r.data.totalresults, resources: r.data.resources ?? [] };
  }

  /** Pages through a resource type: `startIndex` 1-based, advanced by what each page holds. */
  async function* pages<T extends { externalId: string }>(
    path: string,
    map: (resource: unknown, index: number) => T,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<T[]> {
    const seen = new Set<string>();
    let startIndex = 1;
    for (let page = 0; ; page++) {
      if (page >= SCIM_MAX_PAGES)
        throw new ConnectorError('BAD_RESPONSE', `The SCIM server's ${path} list goes on beyond ${SCIM_MAX_PAGES} pages; stopped reading.`);
      const { total, resources } = listResponse(await get(path, { startIndex, count: pageSize }, signal));
      if (resources.length === 0) return;
      const fresh: T[] = [];
      resources.forEach((resource, i) => {
        const item = map(resource, startIndex + i);
        if (seen.has(item.externalId)) return;
        seen.add(item.externalId);
        fresh.push(item);
      });
      // Paging that returns what was already read means the server ignores startIndex: stopping would read a part as the whole.
      if (fresh.length === 0)
        throw new ConnectorError('BAD_RESPONSE', `The SCIM server returned the same ${path} again for startIndex=${startIndex}; it does not page correctly.`);
      if (seen.size > SCIM_MAX_RESOURCES)
        throw new ConnectorError('BAD_RESPONSE', `The SCIM server lists more than ${SCIM_MAX_RESOURCES} ${path}; stopped reading.`);
      yield fresh;
      startIndex += resources.length;
      if (startIndex > total) return;
    }
  }

  function mapWith<S extends z.ZodType, T>(schema: S, to: (v: z.infer<S>) => T, what: string) {
    return (resource: unknown, index: number): T => {
      const r = schema.safeParse(resource);
      if (!r.success) {
        const issue = r.error.issues[0];
        throw new ConnectorError('BAD_RESPONSE', `The SCIM server sent a malformed ${what} (#${index}: ${issue?.path.join('.') || ''} ${issue?.message ?? ''}).`);
      }
      return to(r.data);
    };
  }

  return {
    kind: 'SCIM',
    async test(signal) {
      const config = await get('/ServiceProviderConfig', {}, signal, { tolerate404: true });
      if (config !== NOT_FOUND && (!config || typeof config !== 'object' || Array.isArray(config)))
        throw new ConnectorError('BAD_RESPONSE', 'The SCIM server did not answer a ServiceProviderConfig: check the base URL.');
      // Discovery endpoints may be open to anyone (RFC 7644 §4): reading one user proves the token.
      listResponse(await get('/Users', { startIndex: 1, count: 1 }, signal));
    },
    accounts(signal) {
      return pages('/Users', mapWith(UserResource, toAccount, 'user'), signal);
    },
    groups(signal) {
      return pages('/Groups', mapWith(GroupResource, toGroup, 'group'), signal);
    },
    people(signal) {
      return pages('/Users', mapWith(UserResource, toPerson, 'user'), signal);
    },
  };
}
