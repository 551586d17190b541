// Every request that touches business data runs inside one transaction that
// sets the organisation and drops to the daicho_app role, so PostgreSQL's
// row-level security, not application code, keeps organisations apart.
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Db } from './index.js';
import type { Database } from './schema.js';

export type Tx = Transaction<Database>;

export interface TenantScope {
  orgId: string | null;
  accountId?: string | null;
  requestId?: string | null;
}

export async function enterScope(tx: Tx, scope: TenantScope): Promise<void> {
  await sql`SELECT set_config('app.org_id', ${scope.orgId ?? ''}, true),
                   set_config('app.account_id', ${scope.accountId ?? ''}, true),
                   set_config('app.request_id', ${scope.requestId ?? ''}, true)`.execute(tx);
  await sql`SET LOCAL ROLE daicho_app`.execute(tx);
}

/** Runs fn in a transaction scoped to one organisation (or to none: then only
 * the SECURITY DEFINER look-up functions see anything). */
export function withScope<T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await enterScope(tx, scope);
    return fn(tx);
  });
}

/** A read's transaction, scoped like withScope, in fewer round trips: BEGIN
 * and the scope go as one simple-protocol message (the values inlined as
 * escaped literals), and the COMMIT is sent without waiting for it (the
 * connection's queue runs it before anything its next user sends). Only
 * for reads: nothing written could be lost, as nothing is written; an error
 * rolls back, likewise unawaited. Used by a cached list's miss
 * (server/http/register.ts), where the round trips were a third of the
 * request's time beside the list's own statement. */
export async function withReadScope<T>(db: Db, scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const lit = (v: string | null | undefined) => pg.escapeLiteral(v ?? '');
  return db.connection().execute(async (conn) => {
    await sql
      .raw(
        `BEGIN; SELECT set_config('app.org_id', ${lit(scope.orgId)}, true), set_config('app.account_id', ${lit(scope.accountId)}, true), ` +
          `set_config('app.request_id', ${lit(scope.requestId)}, true); SET LOCAL ROLE daicho_app`,
      )
      .execute(conn);
    const end = (statement: 'COMMIT' | 'ROLLBACK') =>
      void sql
        .raw(statement)
        .execute(conn)
        .catch(() => {});
    try {
      const out = await fn(conn as unknown as Tx);
      end('COMMIT');
      return out;
    } catch (err) {
      end('ROLLBACK');
      throw err;
    }
  });
}
