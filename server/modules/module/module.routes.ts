// The handlers every module gets from its definition: list, count, get,
// create, update, enable, disable, history, bulk update and, for a
// reorderable list, move (./reorder.ts). Writes check
// references (a row of another organisation is invisible under RLS, so it
// reads as "not found") and turn unique violations into field errors.
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { type FieldDef, type ModuleDef, camelToSnake } from '../../../src/api/modules/define.js';
import { moduleContracts, type ModuleRow } from '../../../src/api/modules/contracts.js';
import { normalizeCell } from '../../csv/codec.js';
import { rowsBytes } from '../../db/row-bytes.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { issueMessage } from '../../http/i18n.js';
import type { PageRows, ReusableRows } from '../../http/list-cache.js';
import { type AnyRoute, defineRoute, JsonText } from '../../http/route.js';
import { moveRow, nextOrder } from './reorder.js';
import { col, COUNTED_TABLES, conditionSql as whereOne, countExpr, countRows, countSql, existingRefs, getRow, type KnownRows, type ListQuery, listTables, type PageRow, pageSql, refSortField, refs, resolveFilters, rowsSql, sortedIds } from './sql.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';


/** A PostgreSQL unique violation on one of the module's unique fields → a field error. */
export function uniqueViolation(m: ModuleDef, err: unknown): AppError | null {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505') return null;
  // Unique indexes are named <table>_<column> (migrations): the constraint
  // names the field; the detail line would also hold the user's value.
  const field = Object.keys(m.fields).find((name) => e.constraint === `${m.table}_${camelToSnake(name)}`) ?? '_';
  return fieldError(field, 'validation.unique');
}

/** Every reference in `values` must name a visible row; else a field error. */
export async function checkRefs(tx: Tx, m: ModuleDef, values: Record<string, unknown>) {
  const errors: Record<string, string[]> = {};
  for (const [name, f] of refs(m)) {
    const v = values[name];
    if (typeof v !== 'string') continue;
    const found = await existingRefs(tx, f.to, [v]);
    if (!found.has(v)) errors[name] = ['validation.reference'];
  }
  if (Object.keys(errors).length) throw new AppError(400, 'VALIDATION_ERROR', 'VALIDATION_ERROR', {}, errors);
}

const writableNames = (m: ModuleDef) => Object.entries(m.fields).filter(([, f]) => !f.readOnly).map(([n]) => n);

/** Column values for an insert or update. Text goes through the same
 * normalisation as a CSV cell on every write path (full-width ASCII and the
 * ideographic space to half-width, half-width kana to full-width, trimmed:
 * server/csv/codec.ts normalizeCell), so what the console saves and what an
 * import saves agree, and an untouched export re-imports as unchanged.
 * Empty text is null. */
export function columnValues(m: ModuleDef, values: Record<string, unknown>): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const name of writableNames(m)) {
    if (!(name in values)) continue;
    let v = values[name];
    const f = m.fields[name] as FieldDef;
    if (f.kind === 'text' && typeof v === 'string') v = normalizeCell(v) || null;
    out.push([col(name), v ?? null]);
  }
  return out;
}

export async function insertRow(tx: Tx, m: ModuleDef, orgId: string, values: Record<string, unknown>): Promise<string> {
  const cols = columnValues(m, values);
  const names = [sql.id('org_id'), ...cols.map(([c]) => sql.id(c))];
  const vals = [sql`${orgId}`, ...cols.map(([, v]) => sql`${v}`)];
  const r = await sql<{ id: string }>`INSERT INTO ${sql.table(m.table)} (${sql.join(names)}) VALUES (${sql.join(vals)}) RETURNING id`.execute(tx);
  return r.rows[0]!.id;
}

export async function updateRow(tx: Tx, m: ModuleDef, rowId: string, values: Record<string, unknown>): Promise<boolean> {
  const cols = columnValues(m, values);
  const sets = [sql`updated_at = now()`, ...cols.map(([c, v]) => sql`${sql.id(c)} = ${v}`)];
  const r = await sql`UPDATE ${sql.table(m.table)} SET ${sql.join(sets)} WHERE id = ${rowId}`.execute(tx);
  return Number(r.numAffectedRows ?? 0) > 0;
}

async function guarded<T>(m: ModuleDef, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw uniqueViolation(m, err) ?? err;
  }
}

/** One page of a list and its total, as the response's JSON text: the list
 * handler's statements (the benchmark times them directly too, as the raw
 * SQL beside the API). Each statement is a round trip, which costs here, so
 * the first page (the one nearly every request asks for) and its total come
 * in one. `reuse`: the rows of this page's last build, kept with it
 * (server/http/list-cache.ts); the statement then builds only the rows that
 * changed since, and the page carries its rows for the next build. */
export async function listPage(
  tx: Tx,
  m: ModuleDef,
  query: Record<string, unknown> & ListQuery,
  reuse: ReusableRows | null = null,
): Promise<JsonText<{ items: ModuleRow[]; count: number }>> {
  const conds = await resolveFilters(tx, m, query);
  // The rows' JSON arrives as bytes and leaves as them (server/db/row-bytes.ts).
  // Its joins are written in the order to run them (JOINS_AS_WRITTEN_MARK).
  const run = (q: RawBuilder<PageRow>) => rowsBytes(tx, q, { joinsAsWritten: true });
  let total: number | undefined;
  /** The page's statement, with or without the kept rows: without them
   * only if a row left out is not among the kept ones after all. */
  let statement: (known: KnownRows | undefined) => RawBuilder<PageRow>;
  /** Where the statement's columns id, v, refs, item start. */
  let at = 0;
  if (refSortField(m, query.sortColumn)) {
    total = await countRows(tx, m, conds);
    const { ids, fromEnd } = await sortedIds(tx, m, query, conds, total);
    statement = (k) => rowsSql(m, sql`${ids}::uuid[]`, fromEnd, undefined, k);
  } else if (query.pageIndex === 0) {
    // One statement: the total rides on each of the page's rows (an empty
    // page has none to carry it: then it is counted on its own).
    statement = (k) => pageSql(m, query, conds, 0, countExpr(m, conds), k);
    at = 1;
  } else {
    // The total first: it tells which end a deep page is nearer to.
    const n = await countRows(tx, m, conds);
    total = n;
    statement = (k) => pageSql(m, query, conds, n, undefined, k);
  }
  const fields = await run(statement(reuse ?? undefined));
  total ??= fields.length ? Number(fields[0]![0]!.toString('latin1')) : await countRows(tx, m, conds);
  const page = pageOf(fields, at, reuse) ?? pageOf(await run(statement(undefined)), at, null)!;
  return JsonText.pageOfRows(total, page.values, page.rows);
}

interface PageOf {
  /** Each row's JSON, in the page's order. */
  values: Uint8Array[];
  rows: PageRows;
}

/** A page's rows from its statement's fields (`at`: where its
 * columns id, v, refs, item start), each row's JSON as sent or, left out as
 * unchanged, as kept; null if one left out is not kept. */
function pageOf(fields: (Buffer | null)[][], at: number, reuse: ReusableRows | null): PageOf | null {
  const items: Uint8Array[] = [];
  const ids: string[] = [];
  const versions: string[] = [];
  const spans = new Uint32Array(fields.length * 2);
  let refs = '';
  let end = 0; // past the array's '['
  for (const [i, f] of fields.entries()) {
    const id = f[at]!.toString('latin1');
    const item = f[at + 3] ?? reuse?.item(id);
    if (!item) return null;
    ids.push(id);
    versions.push(f[at + 1]!.toString('latin1'));
    refs = f[at + 2]!.toString('latin1');
    items.push(item);
    const start = end + 1; // after '[' or ','
    spans[2 * i] = start;
    spans[2 * i + 1] = end = start + item.byteLength;
  }
  return { values: items, rows: { ids, versions, refs, spans } };
}

/** Rows per category under the other filters: the count handler's statements. */
export async function categoryCounts(tx: Tx, m: ModuleDef, query: Record<string, unknown>) {
  const cat = m.list.categories;
  const conds = await resolveFilters(tx, m, query, false);
  const keys = Object.keys(cat?.values ?? { ALL: [] });
  // One count per category, each with its own conditions, so each can use
  // its own index (and an unconditioned one the kept total).
  const counts: Record<string, number> = {};
  const subqueries: RawBuilder<unknown>[] = [];
  for (const k of keys) {
    const extra = (cat?.values[k] ?? []).map((x) => whereOne(x));
    if (!conds.length && !extra.length && COUNTED_TABLES.has(m.table)) counts[k] = await countRows(tx, m, []);
    else subqueries.push(sql`(${countSql(m, [...conds, ...extra])}) AS ${sql.id(k)}`);
  }
  if (subqueries.length) {
    const r = await sql<Record<string, string>>`SELECT ${sql.join(subqueries)}`.execute(tx);
    for (const [k, v] of Object.entries(r.rows[0] ?? {})) counts[k] = Number(v);
  }
  return { counts: Object.fromEntries(keys.map((k) => [k, counts[k] ?? 0])) };
}

/** The list query under the SQL layer's names (a list may name its direction `sortOrder`). */
export const listQueryOf = (m: ModuleDef, q: Record<string, unknown>) =>
  ({ ...q, orderDirection: q[m.list.directionKey ?? 'orderDirection'] ?? 'asc' }) as Record<string, unknown> & ListQuery;

export function moduleRoutes(m: ModuleDef): AnyRoute[] {
  const c = moduleContracts(m);
  const idOf = (params: Record<string, string>) => params[m.api.idParam] as string;
  const mustGet = async (tx: Tx, rowId: string) => (await getRow(tx, m, rowId)) ?? Promise.reject(notFound());
  const routes: AnyRoute[] = [
    defineRoute(c.list, async ({ query }, { tx, c: hc }) => (await listPage(tx, m, listQueryOf(m, query as Record<string, unknown>), hc.get('listCacheSlot')?.reuse)) as never, {
      cache: { tables: listTables(m) },
      read: true,
    }) as AnyRoute,
    defineRoute(c.get, async ({ params }, { tx }) => (await mustGet(tx, idOf(params as never))) as never, { read: true }) as AnyRoute,
    defineRoute(c.create, async ({ body }, { tx, auth }) => {
      await checkRefs(tx, m, body);
      // A reorderable list's new row goes last unless it names its place.
      const order = m.list.reorder;
      const values = order && (body as Record<string, unknown>)[order] == null ? { ...body, [order]: await nextOrder(tx, m) } : body;
      const rowId = await guarded(m, () => insertRow(tx, m, auth.orgId, values));
      return (await mustGet(tx, rowId)) as never;
    }) as AnyRoute,
    defineRoute(c.update, async ({ params, body }, { tx }) => {
      const rowId = idOf(params as never);
      await mustGet(tx, rowId);
      await checkRefs(tx, m, body);
      await guarded(m, () => updateRow(tx, m, rowId, body));
      return (await mustGet(tx, rowId)) as never;
    }) as AnyRoute,
    defineRoute(c.history, async ({ params }, { tx }) => {
      const rowId = idOf(params as never);
      await mustGet(tx, rowId);
      const r = await sql<{ at: Date; action: 'INSERT' | 'UPDATE' | 'DELETE'; actor: string | null; before: Record<string, unknown>; after: Record<string, unknown> }>`
        SELECT a.at, a.action, a.before, a.after, p.family_name || ' ' || p.given_name AS actor
        FROM audit_log a LEFT JOIN accounts ac ON ac.id = a.actor_account_id LEFT JOIN people p ON p.id = ac.person_id
        WHERE a.table_name = ${m.table} AND a.record_id = ${rowId} ORDER BY a.id DESC LIMIT 200`.execute(tx);
      const fieldOf = Object.fromEntries(Object.keys(m.fields).map((n) => [col(n), n]));
      if (m.disableable) fieldOf.disabled_at = 'disabled';
      return {
        items: r.rows.map((h) => ({
          at: h.at.toISOString(),
          action: h.action,
          actor: h.actor,
          changes: [...new Set([...Object.keys(h.before), ...Object.keys(h.after)])]
            .filter((k) => fieldOf[k])
            .map((k) => ({ field: fieldOf[k] as string, before: h.before[k] ?? null, after: h.after[k] ?? null })),
        })),
      };
    }, { read: true }) as AnyRoute,
  ];
  if (c.count) {
    routes.push(
      defineRoute(c.count, async ({ query }, { tx }) => (await categoryCounts(tx, m, query as Record<string, unknown>)) as never, { read: true }) as AnyRoute,
    );
  }
  if (c.enable && c.disable) {
    const toggle = (disabled: boolean) => async ({ params }: { params: Record<string, string> }, { tx }: { tx: Tx }) => {
      const rowId = idOf(params);
      await mustGet(tx, rowId);
      await sql`UPDATE ${sql.table(m.table)} SET disabled_at = ${disabled ? sql`coalesce(disabled_at, now())` : sql`NULL`}, updated_at = now() WHERE id = ${rowId}`.execute(tx);
      return (await mustGet(tx, rowId)) as never;
    };
    routes.push(defineRoute(c.enable, toggle(false) as never) as AnyRoute, defineRoute(c.disable, toggle(true) as never) as AnyRoute);
  }
  if (c.move) {
    routes.push(
      defineRoute(c.move, async ({ params, body }, { tx }) => {
        const rowId = idOf(params as never);
        await mustGet(tx, rowId);
        const { direction, ...filters } = body as Record<string, unknown> & { direction: 'up' | 'down' };
        const outcome = await moveRow(tx, m, rowId, direction, filters);
        return { item: await mustGet(tx, rowId), ...outcome } as never;
      }) as AnyRoute,
    );
  }
  if (c.bulk) {
    routes.push(
      defineRoute(c.bulk, async ({ body }, { tx, locale }) => {
        const b = body as { ids: string[]; action: string; values: Record<string, string | null> };
        const action = m.bulk?.find((x) => x.id === b.action);
        if (!action) throw fieldError('action', 'validation.invalid');
        // The chosen values go through the same field schemas as an update.
        const values: Record<string, unknown> = { ...action.set };
        // Every chosen field needs its value: a missing one would clear it on every row.
        for (const field of action.choose) {
          if (!(field in b.values)) throw fieldError(field, 'validation.required');
          values[field] = b.values[field];
        }
        if (action.today) values[action.today] = todayInJapan();
        const parsed = (c.update.body as unknown as z.ZodType<Record<string, unknown>>).safeParse(values);
        if (!parsed.success) {
          // Each field's own message, as a PATCH of that value gets it (issueMessage).
          // They are in the caller's language already: t() passes a sentence through.
          const fieldErrors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? '_')] ??= []).push(issueMessage(locale, issue));
          throw new AppError(400, 'VALIDATION_ERROR', 'VALIDATION_ERROR', {}, fieldErrors);
        }
        await checkRefs(tx, m, parsed.data ?? {});
        const ids = [...new Set(b.ids)];
        const visible = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(m.table)} WHERE id = ANY(${ids}::uuid[])`.execute(tx);
        if (Number(visible.rows[0]?.n) !== ids.length) throw fieldError('ids', 'NOT_FOUND');
        const cols = columnValues(m, parsed.data ?? {});
        const sets = [sql`updated_at = now()`, ...cols.map(([cn, v]) => sql`${sql.id(cn)} = ${v}`)];
        const r = await sql`UPDATE ${sql.table(m.table)} SET ${sql.join(sets)} WHERE id = ANY(${ids}::uuid[])`.execute(tx);
        return { updated: Number(r.numAffectedRows ?? 0) };
      }) as AnyRoute,
    );
  }
  return routes;
}
