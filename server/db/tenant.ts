// Every request that touches business data runs inside one transaction that
// sets the organisation and drops to the daicho_app role, so PostgreSQL's
// row-level security, not application code, keeps organisations apart.
import { sql, type Transaction } from 'kysely';
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
