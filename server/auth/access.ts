// Who the caller is and what they may open, resolved inside the request's
// transaction. Areas are the union of the product permissions of every role
// whose people groups hold the account's person today.
//
// One statement, whatever the account, sent with the transaction's BEGIN
// (inCallerTransaction), or alone for a list that may be kept
// (callerVersion), or with BEGIN ahead of a list page's own statement, in
// its message (inLedTransaction, every build of a list that may be kept):
// every request pays for it, so the round trips are few
// (measured by `npm run bench -- --only api`). The SECURITY DEFINER function
// auth_context (migrations 0008, 0030: the organisation is not known yet)
// reads the account of the token's subject, its memberships, MFA state and
// areas, and a list's data version; in the transaction the same statement
// enters the account's scope (organisation, account, request id, and the
// daicho_app role, so row-level security applies from the next statement
// on). The function names the areas as AREA_COLUMNS does.
import { sql } from 'kysely';
import pg from 'pg';
import type { Area } from '../../src/api/contracts/define.js';
import type { Db } from '../db/index.js';
import { clientOf, lead, sendLead } from '../db/lead.js';
import type { Tx } from '../db/tenant.js';
import type { VerifiedToken } from '../deps.js';
import { unauthenticated } from '../http/errors.js';
import type { AuthContext } from '../http/route.js';

const AREA_COLUMNS = { IT: 'it', HR: 'hr', GA: 'ga', LI: 'li', MARKETPLACE: 'marketplace', SETTINGS: 'settings' } as const satisfies Record<Area, string>;

/** The areas a person's roles grant today (operators' access), as the
 * request's auth works them out (person_areas_now, migration 0036). */
export async function accountAreas(tx: Tx, personId: string | null): Promise<Area[]> {
  if (!personId) return [];
  const row = (await sql<{ areas: Record<Area, boolean> }>`SELECT person_areas_now(${personId}::uuid) AS areas`.execute(tx)).rows[0];
  return row ? (Object.keys(AREA_COLUMNS) as Area[]).filter((k) => row.areas[k]) : [];
}

interface AuthRow {
  id: string;
  email: string;
  person_id: string | null;
  locale: AuthContext['locale'];
  org_id: string;
  mfa_email_enabled: boolean;
  operator: boolean;
  individual: boolean;
  mfa_verified: boolean;
  areas: Record<Area, boolean> | null;
  /** The areas were read from person_areas (migration 0036), not worked out. */
  areas_kept: boolean;
}

const AUTH_COLUMNS = `x.account_id AS id, x.email, x.person_id, x.locale, x.org_id, x.mfa_email_enabled,
  x.operator, x.individual, x.mfa_verified, x.areas, x.areas_kept`;

function authOf(token: VerifiedToken, account: AuthRow | undefined): AuthContext {
  // A valid pool user without a Daicho account is not signed in to Daicho.
  if (!account) throw unauthenticated();
  const operatorAccess = account.operator;
  const individualAccess = account.individual;
  if (!operatorAccess && !individualAccess) throw unauthenticated();
  const areas = operatorAccess && account.person_id && account.areas ? (Object.keys(AREA_COLUMNS) as Area[]).filter((k) => account.areas![k]) : [];
  return {
    sub: token.sub,
    sessionKey: token.sessionKey,
    accountId: account.id,
    orgId: account.org_id,
    email: account.email,
    personId: account.person_id,
    locale: account.locale,
    operatorAccess,
    individualAccess,
    areas,
    mfaRequired: account.mfa_email_enabled,
    mfaVerified: account.mfa_verified,
  };
}

/** The caller and the data version read (NULL: no tables asked for). */
export interface Caller {
  auth: AuthContext;
  version: string;
}

type CallerRow = AuthRow & { version: string | null };

/** The caller's statement's row as a Caller (authOf: none, no access: 401).
 * An operator whose areas were worked out has them kept for the next
 * request (keepAreas). */
function callerOf(db: Db, token: VerifiedToken, row: CallerRow | undefined): Caller {
  const caller = { auth: authOf(token, row), version: String(row?.version ?? '') };
  if (row && !row.areas_kept && row.operator && row.person_id) keepAreas(db, row.person_id);
  return caller;
}

/**
 * Keeps a person's areas (keep_person_areas, migration 0036) in a statement
 * of its own on the pool, not awaited: the request that found them not kept
 * is answered without waiting for a write, and stays a read. Losing it
 * (a closed pool, a failover) costs only the next request working the
 * areas out again, so it is not retried.
 */
function keepAreas(db: Db, personId: string): void {
  sql`SELECT keep_person_areas(${personId}::uuid)`.execute(db).catch(() => {});
}

/** The caller's statement: auth_context (migration 0030) for the token, with
 * the data version of `tables` when given, and `extra` select items. The
 * values are inlined as escaped literals (one simple-protocol message). */
function callerSelect(token: VerifiedToken, tables: readonly string[] | undefined, extra = ''): string {
  const lit = (v: string) => pg.escapeLiteral(v);
  const versionOf = tables ? `ARRAY[${tables.map(lit).join(', ')}]::text[]` : 'NULL';
  return callerStatement(`${lit(token.sub)}, ${lit(token.sessionKey)}, ${versionOf}`, extra);
}

/** The caller's statement around auth_context's arguments (literals, or
 * parameters for CALLER_VERSION). */
const callerStatement = (args: string, extra = '') => `SELECT ${AUTH_COLUMNS}, x.version${extra} FROM auth_context(${args}) x`;

/** The caller and the data version of a cacheable list's tables, by one
 * statement outside any transaction (its own, implicit): what a kept page
 * or a 304 needs, without the BEGIN and COMMIT a transaction would add to
 * the connection's traffic (docs/benchmarks.md, twelfth round). A page not
 * kept is then built in inLedTransaction, which reads both again.
 *
 * Under load this statement is the database's whole share of a kept page,
 * so it is a prepared statement of each connection (CALLER_VERSION): the
 * same text inlined and sent by the simple protocol was parsed, analysed
 * and planned again on every request (a profile under load: the parser
 * alone ~5% of PostgreSQL's time; docs/benchmarks.md, thirty-fourth round). */
export async function callerVersion(db: Db, token: VerifiedToken, tables: readonly string[]): Promise<Caller> {
  const row = await db.connection().execute(async (conn) => {
    const client = await clientOf(conn as unknown as Tx);
    return (await client.query<CallerRow>({ ...CALLER_VERSION, values: [token.sub, token.sessionKey, tables] })).rows[0];
  });
  return callerOf(db, token, row);
}

/** callerVersion's statement, prepared once per connection by its name. */
const CALLER_VERSION = { name: 'daicho_caller_version', text: callerStatement('$1, $2, $3::text[]') };

/** The caller and their scope, entered in the request's transaction as it
 * begins: BEGIN, the caller (SECURITY DEFINER auth_context, migration 0030),
 * their scope (organisation, account, request id, the daicho_app role, so
 * row-level security applies from the next statement on), in one round
 * trip: one simple-protocol message, the values inlined as escaped literals
 * (the database client resolves it to the SELECT's result,
 * server/db/index.ts). Then `fn` runs in the transaction; a throw rolls it
 * back. A read (`read`: a route that writes nothing) ends without waiting
 * for its COMMIT, sent after the answer (Client.endAfter, server/db/index.ts:
 * the connection runs it before anything its next user sends); anything
 * else waits, so that a write is committed before it is
 * answered. A list that may be kept is built in inLedTransaction instead. */
export async function inCallerTransaction<T>(
  db: Db,
  token: VerifiedToken,
  o: { requestId: string | null; read?: boolean },
  fn: (caller: Caller, tx: Tx) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    const end = async (statement: 'COMMIT' | 'ROLLBACK') => {
      // A read's COMMIT goes after its answer (Client.endAfter).
      if (o.read && statement === 'COMMIT') (await clientOf(conn as unknown as Tx)).endAfter(statement);
      else if (o.read) void sql.raw(statement).execute(conn).catch(() => {});
      else await sql.raw(statement).execute(conn);
    };
    let out: T;
    try {
      const r = await sql
        .raw<CallerRow>('BEGIN; ' + callerSelect(token, undefined, `${scopeOf(o.requestId)}, set_config('role', 'daicho_app', true)`))
        .execute(conn);
      out = await fn(callerOf(db, token, r.rows[0]), conn as unknown as Tx);
    } catch (err) {
      // The error that ended the transaction is the one to report.
      await end('ROLLBACK').catch(() => {});
      throw err;
    }
    await end('COMMIT');
    return out;
  });
}

/** The select items that enter the caller's scope (organisation, account,
 * request id), local to the transaction. */
const scopeOf = (requestId: string | null) =>
  `, set_config('app.org_id', x.org_id::text, true), set_config('app.account_id', x.account_id::text, true), set_config('app.request_id', ${pg.escapeLiteral(requestId ?? '')}, true)`;

/**
 * inCallerTransaction's transaction, its first message (BEGIN, the caller,
 * their scope, the data version of `tables`) sent in the message of the
 * first statement `fn` runs (server/db/lead.ts): one round trip fewer, for
 * a list page built again (server/http/register.ts). So `fn` starts before
 * the caller is known: it may only read, and must answer nothing before
 * `caller()` has resolved (the caller, checked by authOf: it rejects a
 * token without an account). Whatever `fn` does, its statements run in
 * the caller's scope: the daicho_app role is entered unconditionally after
 * the caller's statement, so that a token without an account (no row, no
 * organisation set) reads nothing, under row-level security. If `fn` ran
 * no statement, the caller is resolved on its own when asked for (or at the
 * end). Ends as a read does (its COMMIT not waited for, sent after the
 * answer); a throw rolls back.
 */
export async function inLedTransaction<T>(
  db: Db,
  token: VerifiedToken,
  o: { requestId: string | null; tables?: readonly string[] },
  fn: (tx: Tx, caller: () => Promise<Caller>) => Promise<T>,
): Promise<{ out: T; caller: Caller }> {
  const l = lead(`BEGIN; ${callerSelect(token, o.tables, scopeOf(o.requestId))}; SET LOCAL ROLE daicho_app`);
  return db.connection().execute(async (conn) => {
    const client = await clientOf(conn as unknown as Tx);
    let known: Promise<Caller> | null = null;
    const caller = () =>
      (known ??= (async () => {
        if (!l.sent) {
          client.lead = null;
          void sendLead(client, l);
        }
        await l.answered;
        if (l.error) throw l.error;
        return callerOf(db, token, (l.row ?? undefined) as CallerRow | undefined);
      })());
    // Straight to the connection's client, not through Kysely (its query
    // pipeline is a few dozen microseconds of the answer's path): queued on
    // the connection at once, ahead of whatever its next user sends.
    const end = (statement: 'COMMIT' | 'ROLLBACK') => void client.query(statement).catch(() => {});
    client.lead = l;
    try {
      const out = await fn(conn as unknown as Tx, caller);
      const resolved = await caller();
      // After the answer (Client.endAfter), which is written in this turn.
      client.endAfter('COMMIT');
      return { out, caller: resolved };
    } catch (err) {
      if (l.sent) end('ROLLBACK');
      throw err;
    } finally {
      // Never left for the connection's next user.
      client.lead = null;
    }
  });
}
