// SQL for any module, generated from its definition (src/api/modules). Table
// and column names come from the definition only (never from input) and are
// quoted with sql.id / sql.ref; values are always parameters, except in the
// fragments that depend on the definition alone, compiled once with theirs
// written as literals (perModule).
import { type RawBuilder, sql } from 'kysely';
import { camelToSnake, type Condition, type FieldDef, type ModuleDef, type RefTarget } from '../../../src/api/modules/define.js';
import { likeEscape } from '../../db/like.js';
import { compiledOnce } from '../../db/fragments.js';
import type { Tx } from '../../db/tenant.js';

type Ref = FieldDef & { kind: 'ref' };

interface RefSql {
  /** The tables `from` reads (a cached list's data version covers them). */
  tables: readonly string[];
  /** FROM clause for the target, aliased `a`. */
  from: (a: string) => RawBuilder<unknown>;
  /** The text a person reads (sorting, freeText, CSV export). */
  label: (a: string) => RawBuilder<string>;
  /** The JSON object a list row carries. */
  json: (a: string) => RawBuilder<unknown>;
  /** How a CSV cell names a row: each expression is compared with lower(cell). */
  keys: (a: string) => RawBuilder<string>[];
  /** Rows a picker may offer (enabled only). */
  active?: (a: string) => RawBuilder<boolean>;
  /** Ids of the target's rows whose label matches an ILIKE pattern, where a
   * plain `label ILIKE` would scan a large table (see people_search_ids). */
  matching?: (pattern: string) => RawBuilder<{ id: string }>;
  /** A list sorted by this reference is ordered by its label, then by what
   * makes equal labels distinct, then by the row's id: `ordered.sql` gives
   * the target's rows in that order (direction `dir`) as columns ref_id,
   * k1..k{keys}, walked through an index so that a page reads only its
   * first rows (sortedIds). */
  ordered: { keys: number; sql: (dir: RawBuilder<unknown>) => RawBuilder<unknown> };
}

const id = (a: string, col: string) => sql.ref(`${a}.${col}`);
/** `ordered` of a target whose label is its `name` column (index
 * (org_id, name, id), migration 0007). */
const byName = (table: string): Pick<RefSql, 'ordered'> => ({
  ordered: {
    keys: 2,
    sql: (dir) => sql`(SELECT a.id AS ref_id, a.name AS k1, a.id AS k2 FROM ${sql.table(table)} AS a ORDER BY a.name ${dir}, a.id ${dir})`,
  },
});

const named = (table: string, keyCols: string[], disableable: boolean): RefSql => ({
  ...byName(table),
  tables: [table],
  from: (a) => sql`${sql.table(table)} AS ${sql.id(a)}`,
  label: (a) => sql<string>`${id(a, 'name')}`,
  json: (a) => sql`json_build_object('id', ${id(a, 'id')}, 'name', ${id(a, 'name')})`,
  keys: (a) => keyCols.map((c) => sql<string>`lower(${id(a, c)})`),
  ...(disableable ? { active: (a: string) => sql<boolean>`${id(a, 'disabled_at')} IS NULL` } : {}),
});

export const REFS: Record<RefTarget, RefSql> = {
  equipmentType: named('equipment_types', ['name', 'code'], true),
  equipmentItem: named('equipment_items', ['name', 'code'], true),
  device: {
    ...byName('devices'),
    tables: ['devices'],
    from: (a) => sql`devices AS ${sql.id(a)}`,
    label: (a) => sql<string>`${id(a, 'name')}`,
    json: (a) => sql`json_build_object('id', ${id(a, 'id')}, 'name', ${id(a, 'name')})`,
    keys: (a) => [sql<string>`lower(${id(a, 'device_tag')})`, sql<string>`lower(${id(a, 'serial_number')})`],
    // The trigram index on the name (migration 0022), which RLS otherwise bars.
    matching: (pattern) => sql<{ id: string }>`SELECT s.id FROM devices_search_ids(${pattern}) AS s(id)`,
  },
  worker: {
    tables: ['workers', 'people'],
    // A worker is shown as their person.
    from: (a) => sql`(SELECT w.id, w.worker_number, coalesce(w.primary_email, p.email) AS email, p.id AS person_id,
        p.family_name || ' ' || p.given_name AS name, p.avatar_url FROM workers w JOIN people p ON p.id = w.person_id) AS ${sql.id(a)}`,
    label: (a) => sql<string>`${id(a, 'name')}`,
    json: (a) =>
      sql`json_build_object('personId', ${id(a, 'person_id')}, 'workerId', ${id(a, 'id')}, 'name', ${id(a, 'name')}, 'avatarUrl', ${id(a, 'avatar_url')})`,
    keys: (a) => [sql<string>`lower(${id(a, 'email')})`, sql<string>`lower(${id(a, 'worker_number')})`],
    matching: (pattern) =>
      sql<{ id: string }>`SELECT w.id FROM workers w WHERE w.person_id IN (SELECT s.id FROM people_search_ids(${pattern}) AS s(id))`,
    // People in name order by their index (people_org_name_id), each
    // person's workers beside them: a join of all workers and people first
    // would sort 100k rows for every page.
    ordered: {
      keys: 3,
      sql: (dir) => sql`(SELECT w.id AS ref_id, p.name AS k1, p.pid AS k2, w.id AS k3
        FROM (SELECT p.id AS pid, p.family_name || ' ' || p.given_name AS name FROM people p ORDER BY 2 ${dir}, 1 ${dir}) AS p
        CROSS JOIN LATERAL (SELECT w.id FROM workers w WHERE w.person_id = p.pid) AS w)`,
    },
  },
  place: {
    ...byName('places'),
    tables: ['places'],
    from: (a) => sql`places AS ${sql.id(a)}`,
    label: (a) => sql<string>`${id(a, 'name')}`,
    json: (a) => sql`json_build_object('placeId', ${id(a, 'id')}, 'placeLabel', ${id(a, 'name')})`,
    keys: (a) => [sql<string>`lower(${id(a, 'code')})`, sql<string>`lower(${id(a, 'name')})`],
  },
};

/** The CSV cell a reference exports as: the first of its keys, else its label. */
export const REF_EXPORT: Record<RefTarget, (a: string) => RawBuilder<string>> = {
  equipmentType: (a) => sql<string>`${id(a, 'name')}`,
  equipmentItem: (a) => sql<string>`${id(a, 'name')}`,
  device: (a) => sql<string>`coalesce(${id(a, 'device_tag')}, ${id(a, 'serial_number')})`,
  worker: (a) => sql<string>`coalesce(${id(a, 'email')}, ${id(a, 'worker_number')})`,
  place: (a) => sql<string>`${id(a, 'code')}`,
};

/** SELECT of the ids of a target's rows whose label matches the pattern. */
const labelMatches = (to: RefTarget, pattern: string): RawBuilder<{ id: string }> =>
  REFS[to].matching?.(pattern) ?? sql<{ id: string }>`SELECT a.id FROM ${REFS[to].from('a')} WHERE ${REFS[to].label('a')} ILIKE ${pattern}`;

export const col = (field: string) => camelToSnake(field);
/** The alias fromClause joins a reference field's target under. */
export const refAlias = (field: string) => `r_${col(field)}`;
export const refs = (m: ModuleDef) => Object.entries(m.fields).filter((e): e is [string, Ref] => e[1].kind === 'ref');

/** Every table a module's list page reads: its own and its references'
 * (search functions read the same tables). Each carries data versions
 * (migration 0021), so the page can be reused between writes
 * (server/http/list-cache.ts). */
export const listTables = (m: ModuleDef): string[] => [...new Set([m.table, ...refs(m).flatMap(([, f]) => REFS[f.to].tables)])];

/** FROM the module's table (alias m) with every reference joined. */
export function fromClause(m: ModuleDef): RawBuilder<unknown> {
  return sql`${sql.table(m.table)} AS m${refJoins(m)}`;
}

/** A timestamp as JavaScript's toISOString() writes it (UTC, milliseconds),
 * so rows whose JSON PostgreSQL builds read like rows shaped in JavaScript. */
const isoTimestamp = (c: RawBuilder<unknown>) => sql`to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A fragment that depends on the module alone (a row's select list, its
 * references' joins, their data version): compiled once per module
 * (server/db/fragments.ts). Module definitions are constants. */
const perModule = <T>(build: (m: ModuleDef) => RawBuilder<T>) => compiledOnce((m: ModuleDef) => m, build);

/** The select list of a full row (fields by their API names, refs as objects). */
export const selectRow = perModule(selectRowOf);

export function selectRowOf(m: ModuleDef): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`m.id`, sql`${isoTimestamp(sql`m.created_at`)} AS "createdAt"`, sql`${isoTimestamp(sql`m.updated_at`)} AS "updatedAt"`];
  if (m.disableable) parts.push(sql`(m.disabled_at IS NOT NULL) AS disabled`);
  for (const [name, f] of Object.entries(m.fields)) {
    const c = sql.ref(`m.${col(name)}`);
    parts.push(f.kind === 'date' ? sql`to_char(${c}, 'YYYY-MM-DD') AS ${sql.id(name)}` : sql`${c} AS ${sql.id(name)}`);
    if (f.kind === 'ref') {
      const a = refAlias(name);
      parts.push(sql`CASE WHEN ${sql.ref(`${a}.id`)} IS NULL THEN NULL ELSE ${REFS[f.to].json(a)} END AS ${sql.id(f.as)}`);
      if (f.labelAs) parts.push(sql`${REFS[f.to].label(a)} AS ${sql.id(f.labelAs)}`);
    }
  }
  return sql.join(parts);
}


export function conditionSql(c: Condition): RawBuilder<boolean> {
  const ref = sql.ref(`m.${col(c.field)}`);
  if ('in' in c) return sql<boolean>`${ref} = ANY(${[...c.in]}::text[])`;
  return sql<boolean>`(${ref} IS NULL OR NOT (${ref} = ANY(${[...c.notIn]}::text[])))`;
}


/** freeText: any searched field of the row, or the label of any reference,
 * contains the text (ILIKE, the text taken literally).
 *
 * Written so indexes can answer it on large tables, with the same meaning:
 * - The row's searched fields joined by spaces (required fields as they are,
 *   the others coalesced: the expression of a table's trigram index) contain
 *   every field, so a field that matches
 *   implies the joined text matches: that necessary condition is what the GIN
 *   index answers; the per-field test then decides.
 * - A reference's label matches iff the row points at one of the referenced
 *   rows whose label matches: `fk = ANY(ARRAY(SELECT id ... WHERE label ILIKE))`
 *   is evaluated once (an init plan) and answered by the fk's index, instead
 *   of joining every reference of every row first. RLS applies inside. */
export function searchCondition(m: ModuleDef, text: string, refIds?: RefMatches): RawBuilder<boolean> {
  const pattern = `%${likeEscape(text)}%`;
  const parts: RawBuilder<boolean>[] = [];
  const fields = Object.entries(m.fields).filter(([, f]) => f.search);
  if (fields.length) {
    const own = fields.map(([name]) => sql<boolean>`${sql.ref(`m.${col(name)}`)} ILIKE ${pattern}`);
    const joined = sql.join(
      fields.map(([name, f]) => (f.required ? sql`${sql.ref(`m.${col(name)}`)}` : sql`coalesce(${sql.ref(`m.${col(name)}`)}, '')`)),
      sql` || ' ' || `,
    );
    // Under RLS the index cannot answer the joined ILIKE; the table's search
    // function (a migration's `<table>_search_ids`) can.
    // A few candidates found beforehand (resolveFilters) are passed as an
    // array, so the count and the page do not search twice.
    const known = refIds?.[OWN_MATCHES];
    const candidates = known
      ? sql<boolean>`m.id = ANY(${known}::uuid[])`
      : SEARCH_FUNCTIONS.has(m.table)
        ? sql<boolean>`m.id IN (${searchIds(m, pattern)})`
        : sql<boolean>`(${joined}) ILIKE ${pattern}`;
    // No candidate at all (a person's or a place's name): the branch is left
    // out, as a reference's is below, so that a match through references
    // alone is one index's (the count then reads no row: migration 0032).
    if (!known || known.length) parts.push(sql<boolean>`(${candidates} AND (${sql.join(own, sql` OR `)}))`);
  }
  for (const [name, f] of refs(m)) {
    const ids = refIds?.[name];
    if (!ids) {
      parts.push(sql<boolean>`${sql.ref(`m.${col(name)}`)} = ANY(ARRAY(${labelMatches(f.to, pattern)}))`);
    } else if (ids.length) parts.push(sql<boolean>`${sql.ref(`m.${col(name)}`)} = ANY(${ids}::uuid[])`);
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` OR `)})` : sql<boolean>`false`;
}

const freeTextOf = (q: Record<string, unknown>) => (typeof q.freeText === 'string' ? q.freeText.replace(/\s+/gu, ' ').trim() : '');

/** Key of RefMatches holding the table's own candidate rows. */
const OWN_MATCHES = ' own';
/** Most own candidates passed as an array; with more, each statement asks
 * the table's search function itself. */
const OWN_MATCHES_MAX = 2000;
/** freeText matches found before the list's statements: per reference field
 * the ids of referenced rows whose label matches, and (OWN_MATCHES) the
 * table's own candidate rows when there are few. */
export type RefMatches = Record<string, string[] | null>;

const searchIds = (m: ModuleDef, pattern: string) => sql`SELECT s.id FROM ${sql.raw(`${m.table}_search_ids`)}(${pattern}) AS s(id)`;

/** For freeText: the referenced rows whose label contains the text, per
 * reference field, and the table's own candidates (at most OWN_MATCHES_MAX
 * + 1: more mean "too many to pass"), in one statement. Given to the list's
 * statements as arrays, the planner sees how many there are (none: the
 * branch is left out; a few: an index), where an unknown array would read as
 * "most rows". */
export function refMatchesSql(m: ModuleDef, text: string): RawBuilder<RefMatches> | null {
  const pattern = `%${likeEscape(text)}%`;
  const parts = refs(m).map(([name, f]) => sql`ARRAY(${labelMatches(f.to, pattern)}) AS ${sql.id(name)}`);
  if (SEARCH_FUNCTIONS.has(m.table)) parts.push(sql`ARRAY(${searchIds(m, pattern)} LIMIT ${OWN_MATCHES_MAX + 1}) AS ${sql.id(OWN_MATCHES)}`);
  return parts.length ? sql<RefMatches>`SELECT ${sql.join(parts)}` : null;
}

/** The filter conditions of a list, with freeText's reference matches
 * resolved first (see refMatchesSql). */
export async function resolveFilters(tx: Tx, m: ModuleDef, q: Record<string, unknown>, withCategory = true): Promise<RawBuilder<boolean>[]> {
  const text = freeTextOf(q);
  const matches = text ? refMatchesSql(m, text) : null;
  const refIds = matches ? (await matches.execute(tx)).rows[0] : undefined;
  const own = refIds?.[OWN_MATCHES];
  if (refIds && own && own.length > OWN_MATCHES_MAX) refIds[OWN_MATCHES] = null;
  return filterConditions(m, q, withCategory, refIds ?? {});
}

/** The filter conditions of a list (freeText, category, id-in, disabled);
 * none reads a joined reference, so they apply to the bare table (alias m).
 * Without `refIds`, freeText matches references through sub-selects. */
export function filterConditions(m: ModuleDef, q: Record<string, unknown>, withCategory = true, refIds?: RefMatches): RawBuilder<boolean>[] {
  const conds: RawBuilder<boolean>[] = [];
  const text = freeTextOf(q);
  if (text) conds.push(searchCondition(m, text, refIds));
  const cat = m.list.categories;
  if (cat && withCategory) {
    const value = q[cat.key];
    for (const c of (typeof value === 'string' && cat.values[value]) || []) conds.push(conditionSql(c));
  }
  for (const [key, field] of Object.entries(m.list.idFilters ?? {})) {
    const ids = q[key];
    if (Array.isArray(ids) && ids.length) conds.push(sql<boolean>`${sql.ref(`m.${col(field)}`)} = ANY(${ids}::uuid[])`);
  }
  if (m.disableable && q.includeDisabled === 'false') conds.push(sql<boolean>`m.disabled_at IS NULL`);
  return conds;
}

/** WHERE for a list's filters (freeText, category, id-in, disabled). */
export function whereClause(m: ModuleDef, q: Record<string, unknown>, withCategory = true): RawBuilder<boolean> {
  return sql.join([sql<boolean>`true`, ...filterConditions(m, q, withCategory)], sql` AND `) as RawBuilder<boolean>;
}

const sortField = (m: ModuleDef, sortColumn: string | undefined) => {
  const field = sortColumn ? m.list.sort[sortColumn] : undefined;
  return !field || field === 'createdAt' ? undefined : field;
};

/** ORDER BY for a list: the sort column (nulls last), then id. `reverse`
 * gives the exact reverse order (for paging from the end). */
export function orderClause(m: ModuleDef, sortColumn: string | undefined, direction: 'asc' | 'desc', reverse = false): RawBuilder<unknown> {
  const field = sortField(m, sortColumn);
  const desc = (direction === 'desc') !== reverse;
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const nulls = sql.raw(reverse ? 'NULLS FIRST' : 'NULLS LAST');
  // A reference field sorts through sortedIds instead.
  const expr = field ? sql.ref(`m.${col(field)}`) : sql`m.created_at`;
  return sql`${expr} ${dir} ${nulls}, m.id ${dir}`;
}

/** Tables with a `<table>_search_ids(pattern)` function (migration 0005):
 * the ids of the caller's rows whose searched fields, joined, contain the
 * pattern's text, through the table's own indexes (equipment: a trigram index
 * over name, model and serial number, and one of 3- and 5-character pieces
 * over the asset tag, whose series defeat trigrams: migration 0026). */
export const SEARCH_FUNCTIONS: ReadonlySet<string> = new Set(['equipment']);

/** Tables whose rows per organisation are kept in row_counts by triggers
 * (migration 0004): their unfiltered total is one indexed row. */
export const COUNTED_TABLES: ReadonlySet<string> = new Set(['equipment']);

/** The number of rows the conditions select (RLS: of the caller's
 * organisation), as a scalar expression: a counted table's unfiltered total
 * is its row_counts row (none yet: the organisation never had a row). */
export const countExpr = (m: ModuleDef, conds: RawBuilder<boolean>[]): RawBuilder<string> =>
  !conds.length && COUNTED_TABLES.has(m.table)
    ? sql<string>`coalesce((SELECT n FROM row_counts WHERE table_name = ${m.table}), 0)`
    : sql<string>`(${countSql(m, conds)})`;

export async function countRows(tx: Tx, m: ModuleDef, conds: RawBuilder<boolean>[]): Promise<number> {
  return Number((await sql<{ n: string }>`SELECT ${countExpr(m, conds)} AS n`.execute(tx)).rows[0]?.n ?? 0);
}

/** count(*) of the rows the conditions select, on the bare table. */
export const countSql = (m: ModuleDef, conds: RawBuilder<boolean>[]): RawBuilder<{ n: string }> =>
  sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(m.table)} AS m WHERE ${sql.join([sql`true`, ...conds], sql` AND `)}`;

export interface ListQuery {
  pageIndex: number;
  pageSize: number;
  sortColumn?: string | undefined;
  orderDirection: 'asc' | 'desc';
}

/** The statement of one page of rows, given the total the filters select.
 *
 * A deferred join: the page's ids are chosen on the bare table (joined only
 * to the reference the sort reads), which an index on (org_id, sort column,
 * id) answers without touching the rows; only those ids are then joined to
 * their references and shaped. A page past the middle is read from the other
 * end in the exact reverse order (OFFSET costs what it skips). */
export function pageSql(m: ModuleDef, q: ListQuery, conds: RawBuilder<boolean>[], total: number, n?: RawBuilder<unknown>, known?: KnownRows): RawBuilder<PageRow> {
  const { fromEnd, limit, skip } = pageWindow(q, total);
  const where = sql.join([sql`true`, ...conds], sql` AND `);
  const ids = sql`ARRAY(SELECT m.id FROM ${sql.table(m.table)} AS m WHERE ${where}
    ORDER BY ${orderClause(m, q.sortColumn, q.orderDirection, fromEnd)} LIMIT ${limit} OFFSET ${skip})`;
  return rowsSql(m, ids, fromEnd, n, known);
}

/** Where a page starts and how many rows it reads, from whichever end of
 * the list is nearer (OFFSET costs what it skips). */
function pageWindow(q: ListQuery, total: number) {
  const offset = q.pageIndex * q.pageSize;
  const fromEnd = offset > 0 && offset + q.pageSize / 2 > total / 2;
  return {
    fromEnd,
    limit: fromEnd ? Math.max(0, Math.min(q.pageSize, total - offset)) : q.pageSize,
    skip: fromEnd ? Math.max(0, total - offset - q.pageSize) : offset,
  };
}

/** The reference field a list is sorted by, when it is one. */
export function refSortField(m: ModuleDef, sortColumn: string | undefined): [string, Ref] | null {
  const field = sortField(m, sortColumn);
  const f = field ? m.fields[field] : undefined;
  return field && f?.kind === 'ref' ? [field, f] : null;
}

/** The ids of a page sorted by a reference field, in order (up to three
 * statements). Joining every row to its target to sort by the label reads
 * the whole table (~1 s at a million rows); instead the target's rows are
 * walked in label order through an index, each one's rows taken in id order
 * through the (fk, id) index, at most as many as the page needs, and an
 * incremental sort finishes the order the planner already has. Rows without
 * a reference come after all the others (NULLS LAST; first when reading
 * from the end), in id order. */
export async function sortedIds(tx: Tx, m: ModuleDef, q: ListQuery, conds: RawBuilder<boolean>[], total: number): Promise<{ ids: string[]; fromEnd: boolean }> {
  const [field, f] = refSortField(m, q.sortColumn)!;
  const { fromEnd, limit, skip } = pageWindow(q, total);
  const dir = sql.raw((q.orderDirection === 'desc') !== fromEnd ? 'DESC' : 'ASC');
  const fk = sql.ref(`m.${col(field)}`);
  const where = sql.join([sql`true`, ...conds], sql` AND `);
  const { ordered } = REFS[f.to];
  const keys = sql.join(Array.from({ length: ordered.keys }, (_, i) => sql`${sql.ref(`a.k${i + 1}`)} ${dir}`));
  const referenced = (lim: number, off: number) =>
    sql<{ ids: string[] }>`SELECT ARRAY(SELECT x.id FROM ${ordered.sql(dir)} AS a
      CROSS JOIN LATERAL (SELECT m.id FROM ${sql.table(m.table)} AS m WHERE ${fk} = a.ref_id AND ${where} ORDER BY m.id ${dir} LIMIT ${lim + off}) AS x
      ORDER BY ${keys}, x.id ${dir} LIMIT ${lim} OFFSET ${off}) AS ids`.execute(tx);
  const unreferenced = async (lim: number, off: number) =>
    lim <= 0
      ? []
      : (await sql<{ ids: string[] }>`SELECT ARRAY(SELECT m.id FROM ${sql.table(m.table)} AS m WHERE ${fk} IS NULL AND ${where}
          ORDER BY m.id ${dir} LIMIT ${lim} OFFSET ${off}) AS ids`.execute(tx)).rows[0]!.ids;
  const unreferencedCount = async () =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(m.table)} AS m WHERE ${fk} IS NULL AND ${where}`.execute(tx)).rows[0]!.n);
  let ids: string[];
  if (!fromEnd) {
    // Referenced rows first; the page runs on into the others when short.
    ids = (await referenced(limit, skip)).rows[0]!.ids;
    if (ids.length < limit) {
      const before = ids.length ? 0 : Math.max(0, skip - (total - (await unreferencedCount())));
      ids = [...ids, ...(await unreferenced(limit - ids.length, before))];
    }
  } else {
    // Read from the end: the rows without a reference come first.
    const nulls = await unreferencedCount();
    const first = await unreferenced(Math.min(limit, Math.max(0, nulls - skip)), skip);
    const rest = limit - first.length;
    ids = rest > 0 ? [...first, ...(await referenced(rest, Math.max(0, skip - nulls))).rows[0]!.ids] : first;
  }
  return { ids, fromEnd };
}

/** A row of a page's statement: the list's total when the statement was
 * given one to carry (the same on every row), the row's id and version, the
 * version of the tables its references read, and its JSON (null when the
 * row is one of the `known` rows, unchanged since: see KnownRows). */
export interface PageRow {
  n?: string;
  id: string;
  v: string;
  refs: string;
  item: string | null;
}

/** Rows of an earlier build of the same page that the server still holds
 * (server/http/list-cache.ts: PageRows): each row's id and version
 * (PostgreSQL's xmin, new with every change to the row), and the version of
 * the referenced tables they were built under. A page's statement leaves out
 * the JSON of a row it would build the same again: same id, same version,
 * and no referenced table written since (a renamed place changes rows whose
 * own version did not). */
export interface KnownRows {
  ids: readonly string[];
  versions: readonly string[];
  refs: string;
}

/** The version of the tables a module's references read (the sum of their
 * data versions in the caller's organisation, migration 0021; it grows with
 * every write to any of them). An uncorrelated scalar: computed once. A
 * reference to the module's own table (a parent row) counts that table
 * too: renaming one row changes others' JSON, not their versions. */
export const refsVersion = perModule(refsVersionOf);

export function refsVersionOf(m: ModuleDef): RawBuilder<string> {
  const referenced = new Set(refs(m).flatMap(([, f]) => REFS[f.to].tables));
  const tables = listTables(m).filter((t) => referenced.has(t));
  if (!tables.length) return sql<string>`'0'`;
  return sql<string>`(SELECT coalesce(sum(tv.v), 0) FROM table_versions AS tv WHERE tv.table_name = ANY(${tables}::text[]))::text`;
}

/** The rows of the given ids (an array expression), shaped, in its order
 * (reversed when `reverse`). */
export function rowsSql(m: ModuleDef, ids: RawBuilder<unknown>, reverse: boolean, n?: RawBuilder<unknown>, known?: KnownRows): RawBuilder<PageRow> {
  // Each row's JSON, built by PostgreSQL, one row each, in the page's order:
  // the server joins them into the page's array (jsonArray) and passes the
  // text on instead of parsing every row into objects and serialising them
  // again (most of a list request's CPU in Node before). Not json_agg: one
  // aggregate value of the whole page took 2–2.5 times as long to build and
  // send at 1,000 rows (~60 ms against ~25 in psql, same rows, same JSON).
  // The outer level does nothing but shape each row, so the rows come out
  // in the page's order (tests/api/modules.test.ts checks every sort's
  // order). `n`, when given (an uncorrelated scalar: computed once), rides
  // on every row.
  // A row's references are joined inside its own sub-select, run only for
  // the rows whose JSON is built: a row the server already holds (`known`)
  // costs its id and version, not its joins and JSON.
  // The joins are written in the order they run (the page's ids, their rows,
  // each row's references by primary key): listPage has the planner take
  // them as written instead of trying every order (JOINS_AS_WRITTEN_MARK).
  const refsV = refsVersion(m);
  const built = sql`(SELECT row_to_json(r)::text FROM (SELECT ${selectRow(m)} FROM (SELECT) AS one${refJoins(m)}) AS r)`;
  const item = known
    ? sql`CASE WHEN k.v = m.xmin::text AND ${refsV} = ${known.refs} THEN NULL ELSE ${built} END`
    : built;
  const knownJoin = known ? sql` LEFT JOIN unnest(${known.ids}::uuid[], ${known.versions}::text[]) AS k(id, v) ON k.id = m.id` : sql``;
  return sql<PageRow>`SELECT ${n ? sql`(${n})::text AS n, ` : sql``}m.id::text AS id, m.xmin::text AS v, ${refsV} AS refs, ${item} AS item
    FROM unnest(${ids}) WITH ORDINALITY AS page(id, ord)
    JOIN ${sql.table(m.table)} AS m ON m.id = page.id${knownJoin}
    ORDER BY page.ord ${sql.raw(reverse ? 'DESC' : 'ASC')}`;
}

export const refJoins = perModule(refJoinsOf);

export function refJoinsOf(m: ModuleDef): RawBuilder<unknown> {
  return sql.join(
    refs(m).map(([name, f]) => sql` LEFT JOIN ${REFS[f.to].from(refAlias(name))} ON ${sql.ref(`${refAlias(name)}.id`)} = ${sql.ref(`m.${col(name)}`)}`),
    sql``,
  );
}

export async function getRow(tx: Tx, m: ModuleDef, rowId: string) {
  const r = await sql<Record<string, unknown> & { id: string }>`SELECT ${selectRow(m)} FROM ${fromClause(m)} WHERE m.id = ${rowId}`.execute(tx);
  return r.rows[0] ?? null;
}

/** Ids of refs that exist (and are visible: RLS) among the given ones. */
export async function existingRefs(tx: Tx, target: RefTarget, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const r = await sql<{ id: string }>`SELECT a.id FROM ${REFS[target].from('a')} WHERE a.id = ANY(${ids}::uuid[])`.execute(tx);
  return new Set(r.rows.map((x) => x.id));
}
