// Who the caller is and what they may open, resolved inside the request's
// transaction. Areas are the union of the product permissions of every role
// whose people groups hold the account's person today.
//
// One statement, whatever the account, sent with the transaction's BEGIN
// (inCallerTransaction), or alone for a list that may be kept
// (callerVersion): every request pays for it, so the round trips are few
// (measured by `npm run bench -- --only api`). The SECURITY DEFINER function
// auth_context (migrations 0008, 0030: the organisation is not known yet)
// reads the account of the token's subject, its memberships, MFA state and
// areas, and a list's data version; in the transaction the same statement
// enters the account's scope (organisation, account, request id, and the
// daicho_app role, so row-level security applies from the next statement
// on). The function names the areas as AREA_COLUMNS does.
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { Area } from '../../src/api/contracts/define.js';
import type { Db } from '../db/index.js';
import { dropLead, flushLead, forgetLead, type Lead, LEAD_GATE, leadStatement } from '../db/lead.js';
import type { Tx } from '../db/tenant.js';
import type { VerifiedToken } from '../deps.js';
import { unauthenticated } from '../http/errors.js';
import { PageUnchanged } from '../http/list-cache.js';
import type { AuthContext } from '../http/route.js';

const AREA_COLUMNS = { IT: 'it', HR: 'hr', GA: 'ga', LI: 'li', MARKETPLACE: 'marketplace', SETTINGS: 'settings' } as const satisfies Record<Area, string>;

/** The union of the product permissions over the roles of the person's people groups, as one row of booleans. */
const areasOf = (personId: RawBuilder<unknown>) => sql`
  SELECT ${sql.join(Object.entries(AREA_COLUMNS).map(([area, column]) => sql`coalesce(bool_or(${sql.ref(`pp.${column}`)}), false) AS ${sql.id(area)}`))}
  FROM people_group_members m
  JOIN role_people_groups rpg ON rpg.people_group_id = m.people_group_id
  JOIN role_product_permissions rpp ON rpp.role_id = rpg.role_id
  JOIN product_permissions pp ON pp.id = rpp.product_permission_id
  WHERE m.person_id = ${personId}`;

/** The areas a person's roles grant (operators' access), as the request's auth does. */
export async function accountAreas(tx: Tx, personId: string | null): Promise<Area[]> {
  if (!personId) return [];
  const row = (await sql<Record<Area, boolean>>`${areasOf(sql`${personId}::uuid`)}`.execute(tx)).rows[0];
  return row ? (Object.keys(AREA_COLUMNS) as Area[]).filter((k) => row[k]) : [];
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
}

const AUTH_COLUMNS = `x.account_id AS id, x.email, x.person_id, x.locale, x.org_id, x.mfa_email_enabled,
  x.operator, x.individual, x.mfa_verified, x.areas`;

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

/** The caller's statement: auth_context (migration 0030) for the token, with
 * the data version of `tables` when given, and `extra` select items. The
 * values are inlined as escaped literals (one simple-protocol message). */
function callerSelect(token: VerifiedToken, tables: readonly string[] | undefined, extra = ''): string {
  const lit = (v: string) => pg.escapeLiteral(v);
  const versionOf = tables ? `ARRAY[${tables.map(lit).join(', ')}]::text[]` : 'NULL';
  return `SELECT ${AUTH_COLUMNS}, x.version${extra} FROM auth_context(${lit(token.sub)}, ${lit(token.sessionKey)}, ${versionOf}) x`;
}

/** The caller and the data version of a cacheable list's tables, by one
 * statement outside any transaction (its own, implicit): what a kept page
 * or a 304 needs, without the BEGIN and COMMIT a transaction would add to
 * the connection's traffic (docs/benchmarks.md, twelfth round). A page not
 * kept is then built in inCallerTransaction, which reads both again. */
export async function callerVersion(db: Db, token: VerifiedToken, tables: readonly string[]): Promise<{ auth: AuthContext; version: string }> {
  const row = (await sql.raw<AuthRow & { version: string | null }>(callerSelect(token, tables)).execute(db)).rows[0];
  return { auth: authOf(token, row), version: String(row?.version ?? '') };
}

/** The caller and their scope, entered in the request's transaction as it
 * begins: BEGIN, the caller (SECURITY DEFINER auth_context, migration 0030),
 * their scope (organisation, account, request id, the daicho_app role, so
 * row-level security applies from the next statement on) and, for a
 * cacheable list, the data version of its tables in their organisation
 * (migrations 0021, 0030: server/http/list-cache.ts), in one round trip: one
 * simple-protocol message, the values inlined as escaped literals (the
 * database client resolves it to the SELECT's result, server/db/index.ts).
 * Then `fn` runs in the transaction; a throw rolls it back. A read (`read`:
 * a cacheable list, which writes nothing) ends without waiting for its
 * COMMIT (the connection runs it before anything its next user sends);
 * anything else waits, so that a write is committed before it is answered. */
/** The statements that begin a request's transaction, resolve the caller
 * and enter their scope (inCallerTransaction); `roleFirst`: in the
 * daicho_app role before the caller is even read, so that a statement sent
 * with these in one message runs under row-level security whatever they
 * find (inLedTransaction). */
function beginAsCaller(token: VerifiedToken, o: { requestId: string | null; tables?: readonly string[] | undefined }, led: { keptVersion?: string } | null = null): string {
  const lit = (v: string) => pg.escapeLiteral(v);
  // A led statement need not run when the list's data version is the kept page's (Lead.gated).
  const gate = led?.keptVersion !== undefined ? `, set_config('${LEAD_GATE}', CASE WHEN x.version::text = ${lit(led.keptVersion)} THEN 'closed' ELSE 'open' END, true)` : '';
  return (
    (led ? 'BEGIN; SET LOCAL ROLE daicho_app; ' : 'BEGIN; ') +
    callerSelect(
      token,
      o.tables,
      `, set_config('app.org_id', x.org_id::text, true), set_config('app.account_id', x.account_id::text, true), ` +
        `set_config('app.request_id', ${lit(o.requestId ?? '')}, true), set_config('role', 'daicho_app', true)${gate}`,
    )
  );
}

type Caller = { auth: AuthContext; version: string };
const callerOf = (token: VerifiedToken, row: (AuthRow & { version: string | null }) | undefined): Caller => ({ auth: authOf(token, row), version: String(row?.version ?? '') });

export async function inCallerTransaction<T>(
  db: Db,
  token: VerifiedToken,
  o: { requestId: string | null; tables?: readonly string[]; read?: boolean },
  fn: (caller: { auth: AuthContext; version: string }, tx: Tx) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    const end = async (statement: 'COMMIT' | 'ROLLBACK') => {
      const done = sql.raw(statement).execute(conn);
      if (o.read) void done.catch(() => {});
      else await done;
    };
    let out: T;
    try {
      const r = await sql.raw<AuthRow & { version: string | null }>(beginAsCaller(token, o)).execute(conn);
      out = await fn(callerOf(token, r.rows[0]), conn as unknown as Tx);
    } catch (err) {
      // The error that ended the transaction is the one to report.
      await end('ROLLBACK').catch(() => {});
      throw err;
    }
    await end('COMMIT');
    return out;
  });
}

/**
 * A read's transaction whose caller is resolved by the transaction's first
 * statement's own message (server/db/lead.ts): BEGIN, the daicho_app role,
 * the caller and their scope, then that statement, one round trip instead
 * of two when it is a list page's COPY (a page built after a write: the
 * caller's statement was a round trip of its own, ~0.75 ms of a 5 ms first
 * page; docs/benchmarks.md, twenty-sixth round). For a list whose caller's
 * last request of the same URL had to build its page (ListCache.misses), so
 * that what the page's statement needs before the caller is known (the
 * organisation's kept rows) is known from that request.
 *
 * A page `kept` under some version: the page's statement runs only if the
 * version the caller's statement reads differs (Lead.gated); if not, that
 * statement rejects with PageUnchanged (after `admit`), whose page is the
 * kept one: a read again with nothing written costs no build.
 *
 * `admit` gets the caller as that first statement's message is read, before
 * its rows are handed to anyone: it throws to refuse them (MFA, access),
 * and the statement rejects with its error. Until then the statement ran as
 * daicho_app, in the organisation the caller's row set (none: no rows), so
 * a refused caller's page was built from their own organisation's rows
 * only, and never leaves the server. `fn` runs with `tx` (its first
 * statement carries the caller); should it end without a statement, the
 * caller is read then, and refused as ever. A read: the COMMIT is not
 * waited for. Returns fn's result and the caller (null: the message that
 * carried them failed, and fn's statement with it).
 */
export async function inLedTransaction<T>(
  db: Db,
  token: VerifiedToken,
  o: { requestId: string | null; tables: readonly string[]; admit: (caller: Caller) => void; kept: { version: string; body: Uint8Array } | null },
  fn: (tx: Tx) => Promise<T>,
): Promise<{ out: T; caller: Caller | null }> {
  return db.connection().execute(async (conn) => {
    // Set by the lead's accept (a closure: an object, not a narrowed `let`).
    const read: { caller: Caller | null } = { caller: null };
    const kept = o.kept;
    const lead: Lead = {
      text: beginAsCaller(token, o, kept ? { keptVersion: kept.version } : {}),
      gated: kept !== null,
      accept: (row) => {
        const caller = callerOf(token, row as (AuthRow & { version: string | null }) | undefined);
        read.caller = caller;
        o.admit(caller);
        // The gate closed: the statement did not run (Lead.gated).
        if (kept && caller.version === kept.version) throw new PageUnchanged(kept);
      },
    };
    const marker = leadStatement(lead);
    let out: T;
    try {
      await sql.raw(marker).execute(conn);
      out = await fn(conn as unknown as Tx);
      await sql.raw(flushLead()).execute(conn);
    } catch (err) {
      forgetLead(marker);
      await sql.raw(dropLead()).execute(conn).catch(() => {});
      // Whether or not the lead (its BEGIN) was sent: no open transaction
      // goes back to the pool (without one, a ROLLBACK only warns).
      await sql.raw('ROLLBACK').execute(conn).catch(() => {});
      throw err;
    }
    void sql.raw('COMMIT').execute(conn).catch(() => {});
    return { out, caller: read.caller };
  });
}
