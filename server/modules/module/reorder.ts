// A reorderable list (ModuleDef.list.reorder, e.g. the people master lists'
// displayOrder): moving a row up or down its own order, and where a new row
// goes. The list's order is exactly what its grid shows when sorted by that
// field ascending: the value, blanks last, then the id (orderClause).
import { sql } from 'kysely';
import { type ModuleDef, reorderSort } from '../../../src/api/modules/define.js';
import type { Tx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { col, orderClause, resolveFilters } from './sql.js';

export interface MoveOutcome {
  moved: boolean;
  /** The row's place among the rows the filters show (and itself), ascending. */
  position: number;
  count: number;
}

/**
 * Moves a row past the next row the list's filters show, up (towards the
 * first) or down, and renumbers the whole list 1..n in its new order, in the
 * caller's transaction. Only rows whose number changes are written (each
 * one an UPDATE in the audit trail): after the first move a list is
 * numbered 1..n, and a move past a neighbour writes two rows.
 *
 * Concurrency: every row of the list is locked first (in id order, so two
 * moves cannot deadlock), and the order is read by the next statement, after
 * the lock: a concurrent move or edit of the order waits for this one to
 * commit and then sees its result (READ COMMITTED takes a new snapshot per
 * statement), so two moves never renumber from the same stale order.
 */
export async function moveRow(tx: Tx, m: ModuleDef, rowId: string, direction: 'up' | 'down', filters: Record<string, unknown>): Promise<MoveOutcome> {
  const field = m.list.reorder;
  if (!field) throw notFound();
  const table = sql.table(m.table);
  await sql`SELECT m.id FROM ${table} AS m ORDER BY m.id FOR UPDATE`.execute(tx);
  const conds = await resolveFilters(tx, m, filters);
  const shown = sql.join([sql`true`, ...conds], sql` AND `);
  const rows = (
    await sql<{ id: string; value: number | null; shown: boolean }>`SELECT m.id, ${sql.ref(`m.${col(field)}`)} AS value, (${shown}) AS shown
      FROM ${table} AS m ORDER BY ${orderClause(m, reorderSort(m), 'asc')}`.execute(tx)
  ).rows;
  const from = rows.findIndex((r) => r.id === rowId);
  if (from < 0) throw notFound();
  const step = direction === 'up' ? -1 : 1;
  let to = -1;
  for (let i = from + step; i >= 0 && i < rows.length; i += step) {
    if (rows[i]!.shown) {
      to = i;
      break;
    }
  }
  const order = rows.slice();
  if (to >= 0) {
    // Up: the row takes the neighbour's place, the neighbour follows it; down: the row follows the neighbour.
    const [row] = order.splice(from, 1);
    order.splice(to, 0, row!);
    const ids: string[] = [];
    const values: number[] = [];
    order.forEach((r, i) => {
      if (r.value !== i + 1) {
        ids.push(r.id);
        values.push(i + 1);
      }
    });
    await sql`UPDATE ${table} AS m SET ${sql.id(col(field))} = v.n, updated_at = now()
      FROM unnest(${ids}::uuid[], ${values}::int[]) AS v(id, n) WHERE m.id = v.id`.execute(tx);
  }
  const visible = order.filter((r) => r.shown || r.id === rowId);
  return { moved: to >= 0, position: visible.findIndex((r) => r.id === rowId), count: visible.length };
}

/** A new row without a value of the order field goes last: the largest value + 1. */
export async function nextOrder(tx: Tx, m: ModuleDef): Promise<number> {
  const field = m.list.reorder!;
  const r = await sql<{ n: number }>`SELECT coalesce(max(${sql.ref(col(field))}), 0) + 1 AS n FROM ${sql.table(m.table)}`.execute(tx);
  const f = m.fields[field];
  const max = f?.kind === 'integer' && f.max !== undefined ? f.max : Number.MAX_SAFE_INTEGER;
  return Math.min(max, Number(r.rows[0]?.n ?? 1));
}
