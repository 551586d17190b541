// The account alerts: every live integration's rows (../software/accounts.ts:
// matching, rules and categories, one subquery per integration joined
// LATERAL) counted per category, listed a page at a time, and read in keyset
// batches for the CSV file.
import { sql } from 'kysely';
import { ACCOUNT_ALERT_CATEGORIES, type AccountAlertCategory, type ALERT_USER_SORTS } from '../../../src/api/contracts/app-alerts.js';
import type { AppUserRow } from '../../../src/api/contracts/software.js';
import type { Tx } from '../../db/tenant.js';
import { categoryCondition, type RawRow, rowsOf, SORTS, toRow } from '../software/accounts.js';

/** Live integrations (not deleted, ACTIVE) with each one's rows as `r`. */
const liveRows = sql`app_integrations i CROSS JOIN LATERAL ${rowsOf(sql.ref('i.id'))}`;
const live = sql`i.deleted_at IS NULL AND i.status = 'ACTIVE'`;

type Row = RawRow & { int_id: string; int_name: string };
const out = (row: Row): AppUserRow => toRow(row, { id: row.int_id, name: row.int_name, active: true });

export async function countAccountAlerts(tx: Tx): Promise<Record<AccountAlertCategory, number>> {
  const cols = ACCOUNT_ALERT_CATEGORIES.map((c) => sql`count(*) FILTER (WHERE ${categoryCondition(c)}) AS ${sql.id(c)}`);
  const r = await sql<Record<AccountAlertCategory, string>>`SELECT ${sql.join(cols)} FROM ${liveRows} WHERE ${live}`.execute(tx);
  const row = r.rows[0];
  return Object.fromEntries(ACCOUNT_ALERT_CATEGORIES.map((c) => [c, Number(row?.[c] ?? 0)])) as Record<AccountAlertCategory, number>;
}

export interface AlertUsersQuery {
  category: AccountAlertCategory;
  page: number;
  pageSize: number;
  sortBy: (typeof ALERT_USER_SORTS)[number];
  sortOrder: 'asc' | 'desc';
}

export async function listAccountAlerts(tx: Tx, q: AlertUsersQuery): Promise<{ items: AppUserRow[]; count: number }> {
  const dir = sql.raw(q.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const sort = q.sortBy === 'APP' ? sql`i.name` : SORTS[q.sortBy];
  const where = sql`${live} AND ${categoryCondition(q.category)}`;
  const r = await sql<Row & { total: string }>`
    SELECT r.*, i.id AS int_id, i.name AS int_name, count(*) OVER () AS total FROM ${liveRows} WHERE ${where}
    ORDER BY ${sort} ${dir} NULLS LAST, i.name, i.id, ${SORTS.NAME}, r.row_id
    LIMIT ${q.pageSize} OFFSET ${q.page * q.pageSize}`.execute(tx);
  let count = Number(r.rows[0]?.total ?? 0);
  if (!r.rows.length && q.page > 0) {
    const c = await sql<{ n: string }>`SELECT count(*) AS n FROM ${liveRows} WHERE ${where}`.execute(tx);
    count = Number(c.rows[0]?.n ?? 0);
  }
  return { items: r.rows.map(out), count };
}

export interface AccountCursor {
  name: string;
  id: string;
  rowId: string;
}

/** A keyset batch of a category's rows in (integration name, integration, row) order, after `cursor`. */
export async function accountAlertsAfter(tx: Tx, category: AccountAlertCategory, cursor: AccountCursor | null, limit: number) {
  const keyset = cursor ? sql`(i.name, i.id, r.row_id) > (${cursor.name}, ${cursor.id}::uuid, ${cursor.rowId})` : sql`true`;
  const r = await sql<Row>`SELECT r.*, i.id AS int_id, i.name AS int_name, i.tenant_name AS int_tenant FROM ${liveRows}
    WHERE ${live} AND ${categoryCondition(category)} AND ${keyset}
    ORDER BY i.name, i.id, r.row_id LIMIT ${limit}`.execute(tx);
  const last = r.rows[r.rows.length - 1];
  return {
    items: r.rows.map((row) => ({ row: out(row), tenantName: (row as Row & { int_tenant: string | null }).int_tenant })),
    cursor: last ? { name: last.int_name, id: last.int_id, rowId: last.row_id } : null,
  };
}
