// The people lists' handlers (src/api/contracts/people.ts): the workforce
// and the alumni, their counts, their CSV exports and the filter options.
// "Today" is Japan time (todayInJapan), as everywhere dates are kept.
import { type RawBuilder, sql } from 'kysely';
import { ALUMNI_CATEGORY_TYPES, ALUMNI_CATEGORIES, MENU_PREFIX, type PeopleMenu, parseWorkforceCategory, STATE_STAGES, statesOfMenu, type WorkerType } from '../../../src/api/contracts/people-lifecycle.js';
import {
  type AlumniQuery,
  countAlumni,
  countWorkforce,
  exportAlumniCsv,
  exportWorkforceCsv,
  listAlumni,
  listWorkforce,
  peopleFilterOptions,
  type WorkforceQuery,
} from '../../../src/api/contracts/people.js';
import { rowBytes, rowsBytes } from '../../db/row-bytes.js';
import type { Tx } from '../../db/tenant.js';
import { likeEscape } from '../../db/like.js';
import { type AnyRoute, defineRoute, JsonText } from '../../http/route.js';
import {
  type AlumniSort,
  alumniCountSql,
  alumniCountsSql,
  cachedCounts,
  alumniIdsSql,
  alumniRowsSql,
  normalizeText,
  resolveFilters,
  resolveText,
  byName,
  currentOnly,
  textMatchesCte,
  textPatterns,
  type WorkforceSort,
  workforceCountsSql,
  workforceCountSql,
  workforceIdsSql,
  workforceRowsSql,
  workersVersion,
} from './sql.js';
import { alumniExport, workforceExport } from './csv.js';
import { alumniSpec, restrict, workforceSpec } from './spec.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

type Sql = RawBuilder<unknown>;

/** Where a page starts and how many rows it reads, from whichever end of the list is nearer (OFFSET costs what it skips). */
function pageWindow(pageIndex: number, pageSize: number, total: number) {
  const offset = pageIndex * pageSize;
  const fromEnd = offset > 0 && offset + pageSize / 2 > total / 2;
  return {
    fromEnd,
    limit: fromEnd ? Math.max(0, Math.min(pageSize, total - offset)) : pageSize,
    skip: fromEnd ? Math.max(0, total - offset - pageSize) : offset,
  };
}

/** One page and its total as the response's JSON text. Two statements: the
 * page's ids in order (and, for the first page, the total in the same
 * statement), then their rows — given as an array whose size the planner
 * sees, so the rows' lists are joined by hash over the page's few workers
 * (as a sub-select's result it would guess ten and loop). A later page needs
 * the total first: it says which end of the list is nearer. */
async function pageOf(
  tx: Tx,
  o: {
    pageIndex: number;
    pageSize: number;
    count: ReturnType<typeof alumniCountSql>;
    ids: (limit: number, offset: number, reverse: boolean) => ReturnType<typeof alumniIdsSql>;
    rows: (ids: ReturnType<typeof alumniIdsSql>) => ReturnType<typeof alumniRowsSql>;
  },
): Promise<JsonText<never>> {
  let total: number;
  let ids: string[];
  if (o.pageIndex === 0) {
    const r = (await sql<{ n: string; ids: string[] }>`SELECT ${o.count} AS n, ${o.ids(o.pageSize, 0, false)} AS ids`.execute(tx)).rows[0]!;
    total = Number(r.n);
    ids = r.ids;
  } else {
    total = Number((await sql<{ n: string }>`SELECT ${o.count} AS n`.execute(tx)).rows[0]!.n);
    const w = pageWindow(o.pageIndex, o.pageSize, total);
    if (w.limit <= 0) return JsonText.page(total, '[]');
    ids = (await sql<{ ids: string[] }>`SELECT ${o.ids(w.limit, w.skip, w.fromEnd)} AS ids`.execute(tx)).rows[0]!.ids;
    if (w.fromEnd) ids.reverse();
  }
  if (!ids.length) return JsonText.page(total, '[]');
  const [items] = (await rowBytes(tx, o.rows(sql`${ids}::uuid[]` as never)))!;
  return JsonText.page(total, items!);
}

/** No filter, no free text: the list's counts are kept (cachedCounts). */
const unfiltered = (q: { departmentIdIn: string[]; positionIdIn: string[]; jobTypeIdIn: string[]; placeIdIn: string[]; workerTypeIdIn: string[]; freeText?: string | undefined }) =>
  !q.departmentIdIn.length && !q.positionIdIn.length && !q.jobTypeIdIn.length && !q.placeIdIn.length && !q.workerTypeIdIn.length && !normalizeText(q.freeText);

const menuStates = (menu: PeopleMenu) => Object.fromEntries(statesOfMenu(menu).map((state) => [`${MENU_PREFIX[menu]}-${state}`, STATE_STAGES[state]]));
const alumniCategories = (only: readonly WorkerType[]) => Object.fromEntries(ALUMNI_CATEGORIES.map((c) => [c, restrict(ALUMNI_CATEGORY_TYPES[c], only)]));

/**
 * The workforce page: the list handler's statements (the benchmark times
 * them directly too). The first page is one statement: the total (the kept
 * counts without filters: computed and kept by a second statement only when
 * not kept yet), the page's ids and their rows (workforce_rows). A later page
 * reads the total first (it says which end of the list is nearer), then ids
 * and rows in one. Filters and free text are resolved before
 * (resolveFilters, resolveText), but in name order the text is searched in
 * the page's statement (textMatchesCte).
 */
export async function workforcePage(tx: Tx, q: WorkforceQuery, today = todayInJapan()): Promise<JsonText<never>> {
  const sort: WorkforceSort = q.sortColumn ?? 'PERSON';
  const desc = q.sortOrder === 'desc';
  const patterns = textPatterns(q.freeText);
  const inline = patterns !== null && byName(workforceSpec(q, null, today), sort);
  const spec = workforceSpec(q, inline ? { patterns } : await resolveText(tx, q.freeText), today);
  const s = await resolveFilters(tx, spec, today, currentOnly(spec));
  const tm = inline ? textMatchesCte(s, patterns) : null;
  const kept = unfiltered(q)
    ? { list: `workforce:${q.menu}`, key: `${MENU_PREFIX[q.menu]}-${parseWorkforceCategory(q.menu, q.category)}`, compute: () => workforceCountsSql({ ...s, stages: null }, menuStates(q.menu)) }
    : null;
  const total = async () => {
    if (!kept) return Number((await sql<{ n: string }>`${tm ? sql`WITH ${tm}` : sql``} SELECT ${tm ? sql`(SELECT count(*) FROM tm)` : workforceCountSql(s)} AS n`.execute(tx)).rows[0]!.n);
    return Number((await cachedCounts(tx, kept.list, today, kept.compute()))[kept.key] ?? 0);
  };
  const ids = (limit: number, offset: number, reverse: boolean) => workforceIdsSql(s, sort, desc, limit, offset, reverse, tm !== null);
  // The count and the page's rows as bytes (server/db/row-bytes.ts): one
  // row each, the count on every one (an empty page: one row, no JSON).
  const statement = async (n: Sql, pageIds: Sql) => {
    const rows = await rowsBytes(
      tx,
      sql`WITH ${sql.join([...(tm ? [tm] : []), sql`page AS MATERIALIZED (SELECT ${n} AS n, ${pageIds} AS ids)`])}
    SELECT page.n::text, r.row_json FROM page LEFT JOIN LATERAL ${workforceRowsSql(s, sql`page.ids`)} AS r ON true ORDER BY r.page_ord`,
    );
    const count = rows[0]?.[0] ?? null;
    return { n: count === null ? null : Number(count.toString('latin1')), values: rows.flatMap(([, row]) => (row ? [row] : [])) };
  };
  if (q.pageIndex === 0) {
    // The kept counts as they stand (null when there are none for today and the workers as they are).
    const n = kept
      ? sql`(SELECT coalesce((c.counts ->> ${kept.key})::bigint, 0) FROM people_list_counts c
          WHERE c.list = ${kept.list} AND c.day = ${today}::date AND c.v = ${workersVersion})`
      : tm
        ? sql`(SELECT count(*) FROM tm)`
        : workforceCountSql(s);
    const r = await statement(n, ids(q.pageSize, 0, false));
    return JsonText.pageOf(r.n === null ? await total() : r.n, r.values);
  }
  const n = await total();
  const w = pageWindow(q.pageIndex, q.pageSize, n);
  if (w.limit <= 0) return JsonText.page(n, '[]');
  // From the end: the ids come reversed; the rows are in the list's order again.
  const pageIds = w.fromEnd ? sql`ARRAY(SELECT x.id FROM unnest(${ids(w.limit, w.skip, true)}) WITH ORDINALITY AS x(id, o) ORDER BY x.o DESC)` : ids(w.limit, w.skip, false);
  const r = await statement(sql`${n}::bigint`, pageIds);
  return JsonText.pageOf(n, r.values);
}

/** People per category of the menu, keyed `<menu prefix>-<state>`. */
export async function workforceCategoryCounts(tx: Tx, q: Omit<WorkforceQuery, 'category' | 'pageIndex' | 'pageSize' | 'sortColumn' | 'sortOrder'>, today = todayInJapan()) {
  const s = await resolveFilters(tx, workforceSpec({ ...q, category: undefined } as never, await resolveText(tx, q.freeText), today), today);
  const states = menuStates(q.menu);
  const compute = workforceCountsSql({ ...s, stages: null }, states);
  const counts = unfiltered(q) ? await cachedCounts(tx, `workforce:${q.menu}`, today, compute) : (await sql<{ counts: Record<string, number> }>`SELECT ${compute} AS counts`.execute(tx)).rows[0]!.counts;
  // In the menu's order (jsonb orders keys its own way).
  return { counts: Object.fromEntries(Object.keys(states).map((k) => [k, Number(counts[k] ?? 0)])) };
}

export async function alumniPage(tx: Tx, q: AlumniQuery, today = todayInJapan()): Promise<JsonText<never>> {
  const s = await resolveFilters(tx, alumniSpec(q, await resolveText(tx, q.freeText), today), today);
  let count = alumniCountSql(s);
  if (unfiltered(q) && !q.leavingDateFrom && !q.leavingDateTo) {
    const counts = await cachedCounts(tx, 'alumni', today, alumniCountsSql({ ...s, types: null }, alumniCategories([])));
    count = sql<string>`${counts[q.category] ?? 0}::bigint`;
  }
  return pageOf(tx, {
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    count,
    ids: (limit, offset, reverse) => alumniIdsSql(s, q.sortColumn as AlumniSort | undefined, q.sortOrder === 'desc', limit, offset, reverse),
    rows: (ids) => alumniRowsSql(s, ids),
  });
}

/** Alumni per category under the filters. */
export async function alumniCategoryCounts(tx: Tx, q: Omit<AlumniQuery, 'category' | 'pageIndex' | 'pageSize' | 'sortColumn' | 'sortOrder'>, today = todayInJapan()) {
  const s = await resolveFilters(tx, alumniSpec({ ...q, category: undefined }, await resolveText(tx, q.freeText), today), today);
  const compute = alumniCountsSql({ ...s, types: null }, alumniCategories(q.workerTypeIdIn));
  const counts =
    unfiltered(q) && !q.leavingDateFrom && !q.leavingDateTo
      ? await cachedCounts(tx, 'alumni', today, compute)
      : (await sql<{ counts: Record<string, number> }>`SELECT ${compute} AS counts`.execute(tx)).rows[0]!.counts;
  return { counts: Object.fromEntries(ALUMNI_CATEGORIES.map((c) => [c, Number(counts[c] ?? 0)])) };
}

async function filterOptions(tx: Tx, q: { kind: 'DEPARTMENT' | 'POSITION' | 'JOB_TYPE'; freeText?: string | undefined; ids: string[]; limit: number }, today: string) {
  const text = normalizeText(q.freeText);
  const pattern = `%${likeEscape(text)}%`;
  const match = text ? sql<boolean>`x.name ILIKE ${pattern}` : sql<boolean>`true`;
  if (q.kind === 'DEPARTMENT') {
    // Units as of today; a chip's unit (ids) by its latest name even when closed.
    const r = await sql<{ id: string; name: string }>`SELECT u.id, u.name FROM (
      (SELECT x.id, x.name, x.display_order AS o FROM (SELECT v.unit_id AS id, v.name, v.display_order FROM org_unit_versions v
         WHERE v.valid_from <= ${today}::date AND (v.valid_to IS NULL OR v.valid_to > ${today}::date)) x
       WHERE ${match} ORDER BY x.display_order, x.name, x.id LIMIT ${q.limit})
      UNION
      (SELECT DISTINCT ON (v.unit_id) v.unit_id, v.name, v.display_order FROM org_unit_versions v WHERE v.unit_id = ANY(${q.ids}::uuid[]) ORDER BY v.unit_id, v.valid_from DESC)
    ) u ORDER BY u.o, u.name, u.id`.execute(tx);
    return { items: r.rows };
  }
  const table = sql.table(q.kind === 'POSITION' ? 'positions' : 'job_types');
  const r = await sql<{ id: string; name: string }>`SELECT u.id, u.name FROM (
    (SELECT x.id, x.name, x.display_order AS o FROM ${table} x WHERE x.disabled_at IS NULL AND ${match} ORDER BY x.display_order NULLS LAST, x.name, x.id LIMIT ${q.limit})
    UNION
    (SELECT x.id, x.name, x.display_order FROM ${table} x WHERE x.id = ANY(${q.ids}::uuid[]))
  ) u ORDER BY u.o NULLS LAST, u.name, u.id`.execute(tx);
  return { items: r.rows };
}

/** The lists, their counts and filter options write nothing but the counts
 * they keep per day (cachedCounts): their responses need not wait for COMMIT. */
const READ = { read: true } as const;

export function peopleRoutes(): AnyRoute[] {
  return [
    defineRoute(listWorkforce, async ({ query }, { tx }) => (await workforcePage(tx, query)) as never, READ) as AnyRoute,
    defineRoute(countWorkforce, async ({ query }, { tx }) => workforceCategoryCounts(tx, query), READ) as AnyRoute,
    defineRoute(exportWorkforceCsv, async ({ query }, { auth, locale, deps }) => workforceExport(deps, auth, locale, query)) as AnyRoute,
    defineRoute(listAlumni, async ({ query }, { tx }) => (await alumniPage(tx, query)) as never, READ) as AnyRoute,
    defineRoute(countAlumni, async ({ query }, { tx }) => alumniCategoryCounts(tx, query), READ) as AnyRoute,
    defineRoute(exportAlumniCsv, async ({ query }, { auth, locale, deps }) => alumniExport(deps, auth, locale, query)) as AnyRoute,
    defineRoute(peopleFilterOptions, async ({ query }, { tx }) => filterOptions(tx, query, todayInJapan()), READ) as AnyRoute,
  ];
}
