// Who the caller is and what they may open, resolved inside the request's
// transaction. Areas are the union of the product permissions of every role
// whose people groups hold the account's person today.
//
// One statement, whatever the account: every request pays for it, so the
// round trips are few (measured by `npm run bench -- --only api`). The
// SECURITY DEFINER function auth_context (migration 0008: the organisation is
// not known yet) reads the account of the token's subject, its memberships,
// MFA state and areas; the same statement enters the account's scope
// (organisation, account, request id, and the daicho_app role, so row-level
// security applies from the next statement on). The function names the areas
// as AREA_COLUMNS does.
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { Area } from '../../src/api/contracts/define.js';
import type { Db } from '../db/index.js';
import type { Tx } from '../db/tenant.js';
import type { VerifiedToken } from '../deps.js';
import { unauthenticated } from '../http/errors.js';
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

const AUTH_COLUMNS_SQL = `x.account_id AS id, x.email, x.person_id, x.locale, x.org_id, x.mfa_email_enabled,
  x.operator, x.individual, x.mfa_verified, x.areas`;
const AUTH_COLUMNS = sql.raw(AUTH_COLUMNS_SQL);

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

export async function loadAuthContext(tx: Tx, token: VerifiedToken, requestId: string | null = null): Promise<AuthContext> {
  const r = await sql<AuthRow>`
    SELECT ${AUTH_COLUMNS},
           set_config('app.org_id', x.org_id::text, true), set_config('app.account_id', x.account_id::text, true),
           set_config('app.request_id', ${requestId ?? ''}, true), set_config('role', 'daicho_app', true)
    FROM auth_context(${token.sub}, ${token.sessionKey}) x`.execute(tx);
  return authOf(token, r.rows[0]);
}

/** A cacheable list's request (server/http/list-cache.ts) in one round trip
 * before its own statements: BEGIN, the caller, the data version of the
 * list's tables in their organisation (migration 0021) and the caller's
 * scope, as one simple-protocol message (values inlined as escaped
 * literals; the database client resolves it to the SELECT's result,
 * server/db/index.ts). `fn` then answers from what it has (a kept page, a
 * 304) or runs the list's statements in the transaction. Reads only: the
 * transaction ends without waiting (COMMIT, or ROLLBACK after an error;
 * the connection runs it before anything its next user sends). */
export async function readAsCaller<T>(
  db: Db,
  token: VerifiedToken,
  tables: readonly string[],
  requestId: string | null,
  fn: (caller: { auth: AuthContext; version: string }, tx: Tx) => Promise<T>,
): Promise<T> {
  const lit = (v: string) => pg.escapeLiteral(v);
  return db.connection().execute(async (conn) => {
    const end = (statement: 'COMMIT' | 'ROLLBACK') =>
      void sql
        .raw(statement)
        .execute(conn)
        .catch(() => {});
    try {
      const r = await sql
        .raw<AuthRow & { version: string }>(
          `BEGIN; SELECT ${AUTH_COLUMNS_SQL}, data_version(x.org_id, ARRAY[${tables.map(lit).join(', ')}]::text[]) AS version, ` +
            `set_config('app.org_id', x.org_id::text, true), set_config('app.account_id', x.account_id::text, true), ` +
            `set_config('app.request_id', ${lit(requestId ?? '')}, true), set_config('role', 'daicho_app', true) ` +
            `FROM auth_context(${lit(token.sub)}, ${lit(token.sessionKey)}) x`,
        )
        .execute(conn);
      const row = r.rows[0];
      const out = await fn({ auth: authOf(token, row), version: String(row!.version) }, conn as unknown as Tx);
      end('COMMIT');
      return out;
    } catch (err) {
      end('ROLLBACK');
      throw err;
    }
  });
}
