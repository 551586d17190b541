// SQL of the people lists (src/api/contracts/people.ts): which workers match
// a list's menu, category and filters today, the page's person ids in the
// list's order, the counts, and the rows as one JSON text. Values are always
// parameters; column and table names come from this file only.
//
// Scale (bench/suites/api.ts, 100k people): a page is chosen on ids first —
// people walked in name order through people_org_name_id, each probed for a
// matching worker through workers_person_lifecycle (0015: the worker's type
// and lifecycle dates are in the index); a date sort walks the workers'
// date index and keeps each person's row worker — and only the page's
// people are then shaped into JSON by PostgreSQL (the module lists' way,
// server/modules/module/sql.ts). The workforce's rows are kept rendered per
// worker by triggers and read by workforce_rows (0020); the alumni's are
// built here (listsCtes), which is also what workforce_rows does for the
// people it does not keep.
import { type RawBuilder, sql } from 'kysely';
import { addMonths } from '../../../src/api/contracts/dates.js';
import { type LifecycleStage, NEW_HIRE_MONTHS, WORKER_TYPES, type WorkerType, toKatakana } from '../../../src/api/contracts/people-lifecycle.js';
import { likeEscape } from '../../db/like.js';
import { compiledOnce } from '../../db/fragments.js';
import type { Tx } from '../../db/tenant.js';
import { normalizeCell } from '../../csv/codec.js';

type Sql<T = unknown> = RawBuilder<T>;
const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);
const day = (d: string) => sql`${d}::date`;

/**
 * The stage of worker `w` on day `d`: worker_stage(w, d) (0012, with 0018's
 * undated cases: a joining date that is the only date is JOINING, a record
 * without any lifecycle date is ACTIVE), written on the columns so an index
 * holding them answers it. Only a worker whose sole dates are a future offer
 * is null (in no category until then). tests/api/people-lists.test.ts holds
 * it equal to worker_stage.
 */
export const stageSql = compiledOnce((w: string, d: string) => `${w} ${d}`, stageSqlOf);

export function stageSqlOf(w: string, d: string): Sql<LifecycleStage | null> {
  const c = (n: string) => col(w, n);
  return sql<LifecycleStage | null>`(CASE
    WHEN ${c('ended_on')} < ${day(d)} THEN 'ALUMNI'
    WHEN ${c('started_on')} <= ${day(d)} THEN CASE
      WHEN ${c('leaving_notified_on')} <= ${day(d)} THEN 'LEAVING'
      WHEN ${day(d)} < (${c('started_on')} + ${sql.raw(`interval '${NEW_HIRE_MONTHS} months'`)})::date THEN 'NEW_HIRE'
      ELSE 'ACTIVE' END
    WHEN ${c('joining_confirmed_on')} <= ${day(d)} THEN 'JOINING'
    WHEN ${c('offer_accepted_on')} <= ${day(d)} THEN 'OFFER_ACCEPTED'
    WHEN ${c('offered_on')} <= ${day(d)} THEN 'OFFERED'
    WHEN ${c('started_on')} IS NOT NULL AND ${c('offered_on')} IS NULL AND ${c('offer_accepted_on')} IS NULL AND ${c('joining_confirmed_on')} IS NULL THEN 'JOINING'
    WHEN ${c('offered_on')} IS NULL AND ${c('offer_accepted_on')} IS NULL AND ${c('joining_confirmed_on')} IS NULL THEN 'ACTIVE'
  END)`;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The first joining date that is still a new hire on `d`: d < joined + NEW_HIRE_MONTHS ⟺ joined ≥ this. */
export function newHireFrom(d: string): string {
  let s = Date.parse(`${d}T00:00:00Z`) - (NEW_HIRE_MONTHS * 31 + 3) * DAY_MS;
  while (addMonths(isoDay(s), NEW_HIRE_MONTHS) <= d) s += DAY_MS;
  return isoDay(s);
}

/**
 * "The stage of worker `w` on `d` is one of `stages`" as plain comparisons
 * of its dates with constants — what stageSql says, without computing it per
 * row: an index holding the dates answers it, the planner estimates it from
 * the columns' statistics, and a scan of 100k workers does not add months to
 * dates 100k times (tests/api/people-lists.test.ts holds the two equal).
 */
export const stageIn = compiledOnce((w: string, stages: readonly LifecycleStage[], d: string) => `${w} ${d} ${stages.join(',')}`, stageInOf);

export function stageInOf(w: string, stages: readonly LifecycleStage[], d: string): Sql<boolean> {
  const c = (n: string) => col(w, n);
  const D = day(d);
  const on = (n: string) => sql<boolean>`${c(n)} <= ${D}`;
  const notOn = (n: string) => sql<boolean>`(${c(n)} IS NULL OR ${c(n)} > ${D})`;
  const current = sql<boolean>`(${c('ended_on')} IS NULL OR ${c('ended_on')} >= ${D})`;
  const notStarted = notOn('started_on');
  const noOffer = sql<boolean>`(${c('offered_on')} IS NULL AND ${c('offer_accepted_on')} IS NULL AND ${c('joining_confirmed_on')} IS NULL)`;
  const undated = sql<boolean>`(${c('started_on')} IS NULL AND ${noOffer})`;
  // A joining date is the worker's only lifecycle date: JOINING until it comes.
  const joinOnly = sql<boolean>`(${c('started_on')} IS NOT NULL AND ${noOffer})`;
  const t = sql`${newHireFrom(d)}::date`;
  const one: Record<LifecycleStage, Sql<boolean>> = {
    ALUMNI: sql<boolean>`${c('ended_on')} < ${D}`,
    LEAVING: sql<boolean>`(${current} AND ${on('started_on')} AND ${on('leaving_notified_on')})`,
    NEW_HIRE: sql<boolean>`(${current} AND ${on('started_on')} AND ${notOn('leaving_notified_on')} AND ${c('started_on')} >= ${t})`,
    ACTIVE: sql<boolean>`(${current} AND ((${c('started_on')} < ${t} AND ${notOn('leaving_notified_on')}) OR ${undated}))`,
    JOINING: sql<boolean>`(${current} AND ${notStarted} AND (${on('joining_confirmed_on')}
      OR ${joinOnly}))`,
    OFFER_ACCEPTED: sql<boolean>`(${current} AND ${notStarted} AND ${notOn('joining_confirmed_on')} AND ${on('offer_accepted_on')})`,
    OFFERED: sql<boolean>`(${current} AND ${notStarted} AND ${notOn('joining_confirmed_on')} AND ${notOn('offer_accepted_on')} AND ${on('offered_on')})`,
  };
  const set = new Set(stages);
  // Every stage but alumni (the "all" categories): current, and some stage reached.
  if (set.size === 6 && !set.has('ALUMNI')) {
    return sql<boolean>`(${current} AND (${on('started_on')} OR ${joinOnly} OR ${on('joining_confirmed_on')} OR ${on('offer_accepted_on')} OR ${on('offered_on')} OR ${undated}))`;
  }
  // Started (active, new hire, leaving), or undated.
  if (set.size === 3 && set.has('ACTIVE') && set.has('NEW_HIRE') && set.has('LEAVING')) {
    return sql<boolean>`(${current} AND (${on('started_on')} OR ${undated}))`;
  }
  const parts = [...set].map((st) => one[st]);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` OR `)})` : sql<boolean>`false`;
}

/** The day a worker's organisation data is read as of: its last working
 * day once it has left, its joining date before it starts, else today. */
export const asOfSql = compiledOnce(
  (w: string, d: string) => `${w} ${d}`,
  (w: string, d: string): Sql<string> => sql<string>`(CASE WHEN ${col(w, 'ended_on')} < ${day(d)} THEN ${col(w, 'ended_on')} ELSE greatest(${day(d)}, ${col(w, 'started_on')}) END)`,
);

/** A dated row (valid_from inclusive, valid_to exclusive) valid on `on`. */
const validOn = (a: string, on: Sql) => sql<boolean>`(${col(a, 'valid_from')} <= ${on} AND (${col(a, 'valid_to')} IS NULL OR ${col(a, 'valid_to')} > ${on}))`;

export interface WorkerFilters {
  departmentIds: readonly string[];
  positionIds: readonly string[];
  jobTypeIds: readonly string[];
  placeIds: readonly string[];
  /** The workers the id-in filters select, found beforehand (resolveFilters); null: ask each statement. */
  workerIds?: string[] | null;
}

const hasFilters = (f: WorkerFilters) => f.departmentIds.length + f.positionIds.length + f.jobTypeIds.length + f.placeIds.length > 0;

/** The id-in filters on worker `w` (departments and positions as of the worker's day). */
export function filterConds(w: string, f: WorkerFilters, d: string): Sql<boolean>[] {
  if (f.workerIds) return [sql<boolean>`${col(w, 'id')} = ANY(${f.workerIds}::uuid[])`];
  const out: Sql<boolean>[] = [];
  const on = asOfSql(w, d);
  if (f.departmentIds.length) {
    out.push(sql<boolean>`EXISTS (SELECT 1 FROM worker_assignments fa WHERE fa.worker_id = ${col(w, 'id')} AND fa.unit_id = ANY(${[...f.departmentIds]}::uuid[]) AND ${validOn('fa', on)})`);
  }
  if (f.positionIds.length) {
    out.push(sql<boolean>`EXISTS (SELECT 1 FROM worker_assignments fp WHERE fp.worker_id = ${col(w, 'id')} AND fp.position_id = ANY(${[...f.positionIds]}::uuid[]) AND ${validOn('fp', on)})`);
  }
  if (f.jobTypeIds.length) {
    out.push(sql<boolean>`EXISTS (SELECT 1 FROM worker_job_types fj WHERE fj.worker_id = ${col(w, 'id')} AND fj.job_type_id = ANY(${[...f.jobTypeIds]}::uuid[]))`);
  }
  if (f.placeIds.length) {
    out.push(sql<boolean>`EXISTS (SELECT 1 FROM worker_places fl WHERE fl.worker_id = ${col(w, 'id')} AND fl.place_id = ANY(${[...f.placeIds]}::uuid[]))`);
  }
  return out;
}

/** Most workers the filters' matches are passed as an array; with more, each statement asks itself. */
const FILTER_MATCH_MAX = 5_000;

/**
 * The workers the id-in filters select, found from the filters' own tables
 * (an assignment's unit or position through its index, the worker's dates
 * by its key), in one statement, before the list's statements: those then
 * read `id = ANY(…)`, whose size the planner sees, instead of probing every
 * worker's assignments (a scan of all workers). The same conditions as
 * filterConds. `current`: the list's workers are all current (no alumni
 * among its stages), so each one's day is today or later and an assignment
 * that ended by today is skipped before its worker is read (the index holds
 * its end: a unit that many left costs only its current members).
 */
export async function resolveFilters<F extends WorkerFilters>(tx: Tx, f: F, d: string, current = false): Promise<F> {
  if (!hasFilters(f)) return f;
  const sets: Sql[] = [];
  const on = asOfSql('x', d);
  // Each assignment's worker by its key (OFFSET 0 keeps the look-up: joined
  // plainly, the planner hashes every worker of the organisation).
  const workerOf = sql`CROSS JOIN LATERAL (SELECT x.started_on, x.ended_on FROM workers x WHERE x.id = a.worker_id OFFSET 0) x`;
  const open = current ? sql<boolean>`(a.valid_to IS NULL OR a.valid_to > ${day(d)}) AND ` : sql<boolean>``;
  if (f.departmentIds.length) {
    sets.push(sql`SELECT a.worker_id FROM worker_assignments a ${workerOf} WHERE a.unit_id = ANY(${[...f.departmentIds]}::uuid[]) AND ${open}${validOn('a', on)}`);
  }
  if (f.positionIds.length) {
    sets.push(sql`SELECT a.worker_id FROM worker_assignments a ${workerOf} WHERE a.position_id = ANY(${[...f.positionIds]}::uuid[]) AND ${open}${validOn('a', on)}`);
  }
  if (f.jobTypeIds.length) sets.push(sql`SELECT j.worker_id FROM worker_job_types j WHERE j.job_type_id = ANY(${[...f.jobTypeIds]}::uuid[])`);
  if (f.placeIds.length) sets.push(sql`SELECT l.worker_id FROM worker_places l WHERE l.place_id = ANY(${[...f.placeIds]}::uuid[])`);
  const r = await sql<{ ids: string[] }>`SELECT ARRAY(SELECT x.id FROM (${sql.join(sets, sql` INTERSECT `)}) AS x(id) LIMIT ${FILTER_MATCH_MAX + 1}) AS ids`.execute(tx);
  const ids = r.rows[0]!.ids;
  return ids.length > FILTER_MATCH_MAX ? f : { ...f, workerIds: ids };
}

// ── Free text ────────────────────────────────────────────────────────────────

/** People matching a free text: found before the list's statements, passed
 * to them as an array (the planner sees how few), or, when too many, asked
 * of the search function by each statement itself. */
export type TextMatch = { ids: string[] } | { patterns: string[] } | null;
const TEXT_MATCH_MAX = 10_000;

/** The search text as stored text is written (full-width ASCII and the
 * ideographic space half-width, half-width kana full-width; spaces folded). */
export function normalizeText(text: string | undefined): string {
  return normalizeCell(text ?? '').replace(/\s+/gu, ' ').trim();
}

/** The ILIKE patterns of a free text: as typed, and hiragana as katakana (kana are stored in katakana: さとう → サトウ). */
export function textPatterns(freeText: string | undefined): string[] | null {
  const text = normalizeText(freeText);
  return text ? [...new Set([text, toKatakana(text)])].map((t) => `%${likeEscape(t)}%`) : null;
}

export async function resolveText(tx: Tx, freeText: string | undefined): Promise<TextMatch> {
  const patterns = textPatterns(freeText);
  if (!patterns) return null;
  const r = await sql<{ ids: string[] }>`SELECT ARRAY(
      SELECT DISTINCT s.id FROM unnest(${patterns}::text[]) AS p(pattern) CROSS JOIN LATERAL people_list_search_ids(p.pattern) AS s(id)
      LIMIT ${TEXT_MATCH_MAX + 1}) AS ids`.execute(tx);
  const ids = r.rows[0]!.ids;
  return ids.length > TEXT_MATCH_MAX ? { patterns } : { ids };
}

/** The person column `personId` is one the text matched. */
export function textCond(personId: Sql, m: TextMatch): Sql<boolean> | null {
  if (!m) return null;
  if ('ids' in m) return sql<boolean>`${personId} = ANY(${m.ids}::uuid[])`;
  return sql<boolean>`${personId} IN (SELECT s.id FROM unnest(${m.patterns}::text[]) AS p(pattern) CROSS JOIN LATERAL people_list_search_ids(p.pattern) AS s(id))`;
}

const and = (parts: (Sql<boolean> | null)[]) => {
  const list = parts.filter((p): p is Sql<boolean> => p !== null);
  return list.length ? sql<boolean>`(${sql.join(list, sql` AND `)})` : sql<boolean>`true`;
};

const personName = (p: string) => sql<string>`(${col(p, 'family_name')} || ' ' || ${col(p, 'given_name')})`;

// ── Workforce ────────────────────────────────────────────────────────────────

export interface WorkforceSpec extends WorkerFilters {
  today: string;
  /** Worker types of the menu (and of workerTypeIdIn, when given). */
  types: readonly WorkerType[];
  /** Stages of the category (null: any stage, for the counts). */
  stages: readonly LifecycleStage[] | null;
  text: TextMatch;
}

/** Worker `w` is of one of the types: none for all four, `=` for one (an
 * index on (org_id, worker_type, person_id) then gives a type's workers in
 * person order, which `= ANY` would not). */
function typeCond(w: string, types: readonly WorkerType[]): Sql<boolean> | null {
  if (WORKER_TYPES.every((t) => types.includes(t))) return null;
  if (types.length === 1) return sql<boolean>`${col(w, 'worker_type')} = ${types[0]}`;
  return sql<boolean>`${col(w, 'worker_type')} = ANY(${[...types]}::text[])`;
}

/** Every worker the list selects is current (alumni are not among its stages): its day is today or later. */
export const currentOnly = (s: WorkforceSpec) => s.stages !== null && !s.stages.includes('ALUMNI');

/** Worker `w` matches the list: type, stage today, filters (not the text: that is the person's). */
export function workerMatches(w: string, s: WorkforceSpec): Sql<boolean> {
  return and([
    typeCond(w, s.types),
    s.stages ? stageIn(w, s.stages, s.today) : null,
    ...filterConds(w, s, s.today),
  ]);
}

/** Person `p` has a matching worker (and matches the text). */
const personMatches = (p: string, s: WorkforceSpec) =>
  and([sql<boolean>`EXISTS (SELECT 1 FROM workers mw WHERE mw.person_id = ${col(p, 'id')} AND ${workerMatches('mw', s)})`, textCond(col(p, 'id'), s.text)]);

/** The row worker of a person comes first in this order: joining date (none last), then id. */
const before = (v: string, w: string) =>
  sql<boolean>`(${col(v, 'started_on')} < ${col(w, 'started_on')} OR (${col(v, 'started_on')} IS NOT NULL AND ${col(w, 'started_on')} IS NULL)
    OR (${col(v, 'started_on')} IS NOT DISTINCT FROM ${col(w, 'started_on')} AND ${col(v, 'id')} < ${col(w, 'id')}))`;

/** Worker `w` is its person's row worker: it matches, and no matching worker of the person comes before it. */
const isRowWorker = (w: string, s: WorkforceSpec) =>
  and([
    workerMatches(w, s),
    textCond(col(w, 'person_id'), s.text),
    sql<boolean>`NOT EXISTS (SELECT 1 FROM workers rv WHERE rv.person_id = ${col(w, 'person_id')} AND rv.id <> ${col(w, 'id')} AND ${workerMatches('rv', s)} AND ${before('rv', w)})`,
  ]);

export type WorkforceSort = 'PERSON' | 'WORKER_TYPE' | 'JOINED_ON' | 'LEFT_ON';

/** The number of people the list selects. */
export const workforceCountSql = (s: WorkforceSpec): Sql<string> =>
  sql<string>`(SELECT count(*) FROM (SELECT w.person_id FROM workers w WHERE ${workerMatches('w', s)} AND ${and([textCond(sql`w.person_id`, s.text)])} GROUP BY w.person_id) x)`;

/** The list is in name order (one worker type: every row has it). */
export const byName = (s: WorkforceSpec, sort: WorkforceSort) => sort === 'PERSON' || (sort === 'WORKER_TYPE' && s.types.length < 2);

/** A pattern without a letter that has a case (kanji, kana, digits, spaces, a few signs): LIKE finds what ILIKE would. */
const CASELESS = /^[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff0-9 %\\.@+-]*$/;

/**
 * A free text's matches when the list is in name order: the people the
 * search finds (people_list_search, 0020, with the names it read) that have
 * a matching worker, found once in the page's statement for the count and
 * the page (`tm`, a CTE): a sort of the matches instead of a walk of every
 * name before the first one, and no round trip with their ids. Each match's
 * workers are checked from the lifecycle columns its person row carries
 * (people.worker_lifecycles, migration 0033: every column workerMatches
 * reads), not by a probe of workers per match.
 */
export function textMatchesCte(s: WorkforceSpec, patterns: string[]): Sql {
  // Two patterns (hiragana typed) may find one person twice.
  const distinct = patterns.length > 1 ? sql`DISTINCT` : sql``;
  return sql`tm AS MATERIALIZED (SELECT ${distinct} t.id, t.name AS k FROM unnest(${patterns}::text[], ${patterns.map((p) => CASELESS.test(p))}::boolean[]) AS p(pattern, caseless)
    CROSS JOIN LATERAL people_list_search(p.pattern, p.caseless) AS t
    WHERE EXISTS (SELECT 1 FROM unnest(t.workers) AS mw WHERE ${workerMatches('mw', s)}))`;
}

/** The page's person ids, in the list's order (an ARRAY expression; `tm`: textMatchesCte is in the statement). */
export function workforceIdsSql(s: WorkforceSpec, sort: WorkforceSort, desc: boolean, limit: number, offset: number, reverse = false, tm = false): Sql<string[]> {
  // `reverse`: the exact reverse order (a deep page read from the end).
  const dir = sql.raw(desc !== reverse ? 'DESC' : 'ASC');
  const nulls = sql.raw(reverse ? 'NULLS FIRST' : 'NULLS LAST');
  const page = sql`LIMIT ${limit} OFFSET ${offset}`;
  if (tm) return sql<string[]>`ARRAY(SELECT tm.id FROM tm ORDER BY tm.k ${dir}, tm.id ${dir} ${page})`;
  if (byName(s, sort)) {
    return sql<string[]>`ARRAY(SELECT p.id FROM people p WHERE ${personMatches('p', s)} ORDER BY ${personName('p')} ${dir}, p.id ${dir} ${page})`;
  }
  if (sort === 'WORKER_TYPE') {
    // The first of the person's matching types (in the order of WORKER_TYPES),
    // then the name: per type, the people whose first type it is, walked in
    // name order, at most as many as the page needs; then merged.
    const ranked = WORKER_TYPES.filter((t) => s.types.includes(t));
    const order = desc !== reverse ? [...ranked].reverse() : ranked;
    const has = (types: readonly WorkerType[]) => sql<boolean>`EXISTS (SELECT 1 FROM workers mw WHERE mw.person_id = p.id AND ${workerMatches('mw', { ...s, types })})`;
    const branches = order.map((t, b) => {
      const earlier = ranked.slice(0, ranked.indexOf(t));
      return sql`(SELECT ${b}::int AS b, ${personName('p')} AS k, p.id FROM people p
        WHERE ${and([has([t]), earlier.length ? sql<boolean>`NOT ${has(earlier)}` : null, textCond(sql`p.id`, s.text)])}
        ORDER BY ${personName('p')} ${dir}, p.id ${dir} LIMIT ${limit + offset})`;
    });
    return sql<string[]>`ARRAY(SELECT x.id FROM (${sql.join(branches, sql` UNION ALL `)}) x ORDER BY x.b, x.k ${dir}, x.id ${dir} ${page})`;
  }
  // A date of the row worker: the workers walked in that date's order
  // (undated last, either way), each kept when it is its person's row worker.
  const c = sql.ref(`w.${sort === 'JOINED_ON' ? 'started_on' : 'ended_on'}`);
  return sql<string[]>`ARRAY(SELECT w.person_id FROM workers w WHERE ${isRowWorker('w', s)}
    ORDER BY ${c} ${dir} ${nulls}, w.id ${dir} ${page})`;
}

/** Counts per state of the menu (a jsonb {key: n}): one pass over the menu's workers, grouped by person. */
export function workforceCountsSql(s: WorkforceSpec, states: Record<string, readonly LifecycleStage[]>): Sql<unknown> {
  const keys = Object.keys(states);
  const flags = keys.map((k, i) => sql`bool_or(${stageIn('w', states[k]!, s.today)}) AS ${sql.id(`c${i}`)}`);
  const pairs = keys.map((k, i) => sql`${k}::text, count(*) FILTER (WHERE ${sql.id(`c${i}`)})`);
  return sql`(SELECT jsonb_build_object(${sql.join(pairs)}) FROM (
      SELECT ${sql.join(flags)} FROM workers w
      WHERE ${workerMatches('w', { ...s, stages: null })} AND ${and([textCond(sql`w.person_id`, s.text)])}
      GROUP BY w.person_id
    ) y)`;
}

/** The data version of the organisation's workers (table_versions, 0021):
 * kept counts are valid while it stands. */
export const workersVersion = sql<string>`coalesce((SELECT v FROM table_versions WHERE table_name = 'workers'), 0)`;

/**
 * The counts of a list without filters, kept per day and version of the
 * organisation's workers (people_list_counts, 0015; workersVersion): read in one indexed row,
 * else computed by `compute` (a jsonb expression) and kept, in one statement.
 */
export async function cachedCounts(tx: Tx, list: string, today: string, compute: Sql<unknown>): Promise<Record<string, number>> {
  const r = await sql<{ counts: Record<string, number> }>`WITH cur AS (SELECT ${workersVersion} AS v),
    hit AS (SELECT c.counts FROM people_list_counts c, cur WHERE c.list = ${list} AND c.day = ${today}::date AND c.v = cur.v),
    gone AS (DELETE FROM people_list_counts c USING cur WHERE c.list = ${list} AND (c.day < ${today}::date OR c.v < cur.v) AND NOT EXISTS (SELECT 1 FROM hit)),
    ins AS (INSERT INTO people_list_counts (org_id, list, day, v, counts)
      SELECT app_org_id(), ${list}, ${today}::date, cur.v, ${compute} FROM cur WHERE NOT EXISTS (SELECT 1 FROM hit)
      ON CONFLICT (org_id, list, day, v) DO UPDATE SET counts = excluded.counts RETURNING counts)
    SELECT coalesce((SELECT counts FROM hit), (SELECT counts FROM ins)) AS counts`.execute(tx);
  return r.rows[0]!.counts;
}

/**
 * The per-person lists of an alumni page, set-based (the workforce's are
 * kept, 0020, and built the same way): `orgWorkers` is a SELECT of
 * (person_id, worker_id, as_of) — the workers whose units, positions, job
 * types and places the row shows, each read as of its day — and
 * `deviceWorkers` one of (person_id, worker_id) whose devices (not returned)
 * it shows. Every list's entries are one set (kind, id, name, order),
 * grouped by person once; computed once (MATERIALIZED) and joined to the
 * page's people by hash: a sub-select per row and list costs more in plan
 * nodes than in rows, and an inlined aggregate would be recomputed per row.
 */
function listsCtes(orgWorkers: Sql, deviceWorkers: Sql, appsActiveOnly: boolean, today: string): Sql {
  const json = (k: string) =>
    sql`coalesce(json_agg(json_build_object('id', f.id, 'name', f.name) ORDER BY f.ord NULLS LAST, f.name, f.id) FILTER (WHERE f.k = ${k}), '[]'::json) AS ${sql.id(k)}`;
  return sql`ow AS (${orgWorkers}), dw AS (${deviceWorkers}),
    -- Per worker through its own indexes (LATERAL): the page's few workers
    -- drive, whatever the planner guesses of their number; the names of the
    -- small master lists are joined afterwards, by hash.
    links AS (
      SELECT DISTINCT ow.person_id, x.k, x.id, ow.as_of, NULL::text AS name FROM ow CROSS JOIN LATERAL (
        SELECT 'departments' AS k, a.unit_id AS id FROM worker_assignments a WHERE a.worker_id = ow.worker_id AND ${validOn('a', sql`ow.as_of`)}
        UNION ALL
        SELECT 'positions', a.position_id FROM worker_assignments a WHERE a.worker_id = ow.worker_id AND a.position_id IS NOT NULL AND ${validOn('a', sql`ow.as_of`)}
        UNION ALL
        SELECT 'jobTypes', j.job_type_id FROM worker_job_types j WHERE j.worker_id = ow.worker_id
        UNION ALL
        SELECT 'places', j.place_id FROM worker_places j WHERE j.worker_id = ow.worker_id
      ) x
      UNION ALL
      SELECT DISTINCT dw.person_id, 'devices', dv.id, NULL::date, dv.name FROM dw CROSS JOIN LATERAL (
        -- OFFSET 0: kept a per-worker look-up (not flattened into a hash of every assignment).
        SELECT dv.id, dv.name FROM device_assignments da JOIN devices dv ON dv.id = da.device_id WHERE da.worker_id = dw.worker_id AND (da.returned_on IS NULL OR da.returned_on > ${day(today)}) OFFSET 0
      ) dv
    ),
    facts AS (
      SELECT DISTINCT l.person_id, l.k, l.id, coalesce(l.name, v.name, n.name) AS name, n.ord FROM links l
      LEFT JOIN (
        SELECT 'positions' AS k, id, name, display_order AS ord FROM positions
        UNION ALL SELECT 'jobTypes', id, name, display_order FROM job_types
        UNION ALL SELECT 'places', id, name, NULL FROM places
      ) n ON n.k = l.k AND n.id = l.id
      -- A unit by its name on the worker's day.
      LEFT JOIN org_unit_versions v ON l.k = 'departments' AND v.unit_id = l.id AND ${validOn('v', sql`l.as_of`)}
    ),
    lists AS MATERIALIZED (SELECT f.person_id, ${json('departments')}, ${json('positions')}, ${json('jobTypes')}, ${json('places')}, ${json('devices')}
      FROM facts f GROUP BY f.person_id),
    apps AS MATERIALIZED (SELECT au.person_id, count(*)::int AS n FROM app_users au JOIN app_integrations ai ON ai.id = au.app_integration_id AND ai.deleted_at IS NULL
      WHERE au.person_id IN (SELECT pg.id FROM pg)${appsActiveOnly ? sql` AND au.is_active` : sql``} GROUP BY au.person_id)`;
}

/** The joins of listsCtes to the page's person `p`. */
const listsJoins = sql`LEFT JOIN lists ON lists.person_id = p.id LEFT JOIN apps ON apps.person_id = p.id`;
const list = (k: string) => sql`coalesce(${sql.ref(`lists.${k}`)}, '[]'::json)`;

const kana = (p: string) => sql`nullif(trim(coalesce(${col(p, 'family_name_kana')}, '') || ' ' || coalesce(${col(p, 'given_name_kana')}, '')), '')`;

/**
 * The rows of the given person ids (an array expression), shaped as
 * PersonRow, one row each (`row_json`) with its place in the page
 * (`page_ord`; order by it): a FROM item. The page's matching workers with
 * their joining date, stage and organisation day are chosen here and
 * rendered by workforce_rows_each (0028: each worker's row kept by triggers
 * and read in one look-up; a plan made once per connection).
 */
export function workforceRowsSql(s: WorkforceSpec, ids: Sql): Sql<{ page_ord: string; row_json: string }> {
  const agg = (v: Sql) => sql`coalesce(array_agg(${v}), '{}')`;
  return sql<{ page_ord: string; row_json: string }>`(SELECT r.page_ord, r.row_json FROM (SELECT ${agg(sql`mw.id`)} AS w, ${agg(sql`mw.person_id`)} AS p,
      ${agg(sql`mw.started_on`)} AS st, ${agg(stageSql('mw', s.today))} AS sg, ${agg(asOfSql('mw', s.today))} AS ao
    FROM workers mw WHERE mw.person_id = ANY(${ids}) AND ${workerMatches('mw', s)}) a
    CROSS JOIN LATERAL workforce_rows_each(${ids}, a.w, a.p, a.st, a.sg, a.ao, ${s.today}::date, ${[...WORKER_TYPES]}::text[]) r)`;
}

/** Keyset batch for the CSV: the next people in name order after `after`. */
export function workforceIdsAfterSql(s: WorkforceSpec, after: { name: string; id: string } | null, limit: number): Sql<{ ids: string[]; names: string[] }> {
  const keyset = after ? sql<boolean>`(${personName('p')}, p.id) > (${after.name}, ${after.id}::uuid)` : sql<boolean>`true`;
  return sql<{ ids: string[]; names: string[] }>`SELECT coalesce(array_agg(x.id ORDER BY x.k, x.id), '{}') AS ids, coalesce(array_agg(x.k ORDER BY x.k, x.id), '{}') AS names FROM (
    SELECT p.id, ${personName('p')} AS k FROM people p WHERE ${personMatches('p', s)} AND ${keyset}
    ORDER BY ${personName('p')}, p.id LIMIT ${limit}) x`;
}

// ── Alumni ───────────────────────────────────────────────────────────────────

export interface AlumniSpec extends WorkerFilters {
  today: string;
  /** Types of the last worker (category ∩ workerTypeIdIn); null: any (the counts). */
  types: readonly WorkerType[] | null;
  leavingFrom?: string | undefined;
  leavingTo?: string | undefined;
  text: TextMatch;
}

/**
 * Worker `w` is the last worker of an alumnus: it ended before today, and
 * no worker of its person is current (ended today or later, or not at all)
 * or ended after it (latest last day, then latest joining date, then id).
 * The alumni list is its persons; the filters apply to this worker.
 */
export function lastWorkerCond(w: string, s: AlumniSpec): Sql<boolean> {
  const c = (n: string) => col(w, n);
  return and([
    sql<boolean>`${c('ended_on')} < ${day(s.today)}`,
    s.types ? typeCond(w, s.types) : null,
    s.leavingFrom ? sql<boolean>`${c('ended_on')} >= ${day(s.leavingFrom)}` : null,
    s.leavingTo ? sql<boolean>`${c('ended_on')} <= ${day(s.leavingTo)}` : null,
    ...filterConds(w, s, s.today),
    textCond(c('person_id'), s.text),
    sql<boolean>`NOT EXISTS (SELECT 1 FROM workers lv WHERE lv.person_id = ${c('person_id')} AND lv.id <> ${c('id')}
      AND (lv.ended_on IS NULL OR lv.ended_on >= ${day(s.today)}
        OR (lv.ended_on, coalesce(lv.started_on, '-infinity'::date), lv.id) > (${c('ended_on')}, coalesce(${c('started_on')}, '-infinity'::date), ${c('id')})))`,
  ]);
}

export type AlumniSort = 'LEAVING_DATE' | 'PERSON' | 'JOINING_DATE';

export const alumniCountSql = (s: AlumniSpec): Sql<string> => sql<string>`(SELECT count(*) FROM workers w WHERE ${lastWorkerCond('w', s)})`;

/** The page's person ids in order. Without a sort column: the most recent leavers first. */
export function alumniIdsSql(s: AlumniSpec, sort: AlumniSort | undefined, desc: boolean, limit: number, offset: number, reverse = false): Sql<string[]> {
  const page = sql`LIMIT ${limit} OFFSET ${offset}`;
  if (!sort) return alumniIdsSql(s, 'LEAVING_DATE', true, limit, offset, reverse);
  const dir = sql.raw(desc !== reverse ? 'DESC' : 'ASC');
  const nulls = sql.raw(reverse ? 'NULLS FIRST' : 'NULLS LAST');
  if (sort === 'LEAVING_DATE') return sql<string[]>`ARRAY(SELECT w.person_id FROM workers w WHERE ${lastWorkerCond('w', s)} ORDER BY w.ended_on ${dir}, w.id ${dir} ${page})`;
  if (sort === 'PERSON') {
    return sql<string[]>`ARRAY(SELECT p.id FROM workers w JOIN people p ON p.id = w.person_id WHERE ${lastWorkerCond('w', s)}
      ORDER BY ${personName('p')} ${dir}, p.id ${dir} ${page})`;
  }
  return sql<string[]>`ARRAY(SELECT w.person_id FROM workers w
    CROSS JOIN LATERAL (SELECT min(f.started_on) AS k FROM workers f WHERE f.person_id = w.person_id) j
    WHERE ${lastWorkerCond('w', s)} ORDER BY j.k ${dir} ${nulls}, w.person_id ${dir} ${page})`;
}

/** Alumni per category (a jsonb {category: n}). */
export function alumniCountsSql(s: AlumniSpec, categories: Record<string, readonly WorkerType[]>): Sql<unknown> {
  const pairs = Object.entries(categories).map(([k, types]) => sql`${k}::text, count(*) FILTER (WHERE w.worker_type = ANY(${[...types]}::text[]))`);
  return sql`(SELECT jsonb_build_object(${sql.join(pairs)}) FROM workers w WHERE ${lastWorkerCond('w', { ...s, types: null })})`;
}

/** The rows of the given person ids, shaped as AlumnusRow, in order, as one JSON text. */
export function alumniRowsSql(s: AlumniSpec, ids: Sql): Sql<{ items: string }> {
  return sql<{ items: string }>`WITH pg AS (SELECT page.id, page.ord FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS page(id, ord)),
    aw AS MATERIALIZED (SELECT x.person_id, x.id, x.worker_type, x.worker_number, x.started_on, x.ended_on, ${stageSql('x', s.today)} AS stage,
        row_number() OVER (PARTITION BY x.person_id ORDER BY x.ended_on DESC NULLS FIRST, x.started_on DESC NULLS LAST, x.id DESC) AS n
      FROM workers x WHERE x.person_id IN (SELECT pg.id FROM pg)),
    a AS MATERIALIZED (SELECT aw.person_id, min(aw.started_on) AS first_start,
        json_agg(json_build_object('workerId', aw.id, 'workerType', aw.worker_type, 'workerNumber', aw.worker_number, 'stage', aw.stage) ORDER BY aw.n) AS workers
      FROM aw GROUP BY aw.person_id),
    ${listsCtes(
      // The last worker's, as of its last working day; devices of any worker still held.
      sql`SELECT aw.person_id, aw.id AS worker_id, aw.ended_on AS as_of FROM aw WHERE aw.n = 1`,
      sql`SELECT aw.person_id, aw.id AS worker_id FROM aw`,
      true,
      s.today,
    )}
    SELECT coalesce(json_agg(r ORDER BY r.ord), '[]')::text AS items FROM (SELECT pg.ord,
      p.id AS "personId", ${personName('p')} AS name, ${kana('p')} AS kana, p.avatar_url AS "avatarUrl",
      lw.ended_on AS "leavingDate", p.personal_email AS "personalEmail", p.personal_phone AS "personalPhone",
      a.workers, lw.worker_type AS "lastWorkerType", ${list('jobTypes')} AS "lastJobTypes",
      ${list('departments')} AS departments, ${list('positions')} AS positions, ${list('places')} AS places,
      a.first_start AS "joiningDate", lw.contract_start_on AS "contractStartDate", lw.started_on AS "startingDate",
      ${list('devices')} AS devices, coalesce(apps.n, 0) AS "appCount"
    FROM pg JOIN people p ON p.id = pg.id
    JOIN a ON a.person_id = p.id
    JOIN aw last ON last.person_id = p.id AND last.n = 1
    JOIN workers lw ON lw.id = last.id
    ${listsJoins}) r`;
}

/** Keyset batch for the CSV: the next alumni after `after`, most recent leavers first. */
export function alumniIdsAfterSql(s: AlumniSpec, after: { on: string; id: string } | null, limit: number): Sql<{ ids: string[]; keys: string[]; workers: string[] }> {
  const keyset = after ? sql<boolean>`(w.ended_on, w.id) < (${after.on}::date, ${after.id}::uuid)` : sql<boolean>`true`;
  return sql`SELECT coalesce(array_agg(x.person_id ORDER BY x.ended_on DESC, x.id DESC), '{}') AS ids,
      coalesce(array_agg(x.ended_on::text ORDER BY x.ended_on DESC, x.id DESC), '{}') AS keys,
      coalesce(array_agg(x.id ORDER BY x.ended_on DESC, x.id DESC), '{}') AS workers FROM (
    SELECT w.person_id, w.ended_on, w.id FROM workers w WHERE ${lastWorkerCond('w', s)} AND ${keyset}
    ORDER BY w.ended_on DESC, w.id DESC LIMIT ${limit}) x`;
}

