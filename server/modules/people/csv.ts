// The people lists as CSV (GET /v2/people-csv/all-member, /v2/people-csv/alumni):
// sources of the shared export (../module/csv.routes.ts registerCsvExport).
// The call answers a signed, 5-minute /v2/exports/{token} URL, which streams
// every row the list's filters select (not only the page on screen) from the
// database in keyset batches, each its own short scoped transaction: the
// workforce by name, the alumni most recent leavers first. UTF-8 with BOM or
// Shift_JIS; headers, worker types and stages in the caller's language.
import type { Locale } from '../../../src/api/contracts/common.js';
import type { AlumniQuery, AlumnusRow, Named, PersonRow, WorkforceQuery } from '../../../src/api/contracts/people.js';
import type { CsvEncoding } from '../../csv/codec.js';
import type { AppDeps } from '../../deps.js';
import type { Tx } from '../../db/tenant.js';
import { t } from '../../http/i18n.js';
import { csvExportLink, registerCsvExport } from '../module/csv.routes.js';
import { alumniIdsAfterSql, alumniRowsSql, currentOnly, resolveFilters, resolveText, workforceIdsAfterSql, workforceRowsSql } from './sql.js';
import { sql } from 'kysely';
import { alumniSpec, workforceSpec } from './spec.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

const WORKFORCE_SOURCE = 'people.workforce';
const ALUMNI_SOURCE = 'people.alumni';

const WORKFORCE_COLUMNS = [
  'name', 'kana', 'email', 'workerNumber', 'workerTypes', 'stage', 'departments', 'positions', 'jobTitle', 'jobGrade', 'jobCompetency',
  'jobTypes', 'places', 'joinedOn', 'leftOn', 'contractStartOn', 'contractEndOn', 'devices', 'apps',
] as const;
const ALUMNI_COLUMNS = [
  'leavingDate', 'name', 'kana', 'personalEmail', 'personalPhone', 'lastWorkerType', 'lastJobTypes', 'departments', 'positions', 'places',
  'joiningDate', 'contractStartDate', 'startingDate', 'devices', 'apps',
] as const;

type ExportAuth = { orgId: string; accountId: string };
type WorkforceExportQuery = Omit<WorkforceQuery, 'pageIndex' | 'pageSize' | 'sortColumn' | 'sortOrder'> & { encoding: CsvEncoding };
type AlumniExportQuery = Omit<AlumniQuery, 'pageIndex' | 'pageSize' | 'sortColumn' | 'sortOrder'> & { encoding: CsvEncoding };

export function workforceExport(deps: AppDeps, auth: ExportAuth, locale: Locale, q: WorkforceExportQuery) {
  const { encoding, ...filters } = q;
  const r = csvExportLink(deps, auth, locale, { source: WORKFORCE_SOURCE, mode: 'view', encoding, q: filters, filename: `people-export-${todayInJapan()}.csv` });
  return { url: r.url, mode: 'view' as const, filename: r.filename };
}

export function alumniExport(deps: AppDeps, auth: ExportAuth, locale: Locale, q: AlumniExportQuery) {
  const { encoding, ...filters } = q;
  const r = csvExportLink(deps, auth, locale, { source: ALUMNI_SOURCE, mode: 'view', encoding, q: filters, filename: `alumni-export-${todayInJapan()}.csv` });
  return { url: r.url, mode: 'view' as const, filename: r.filename };
}

const names = (list: readonly Named[]) => list.map((x) => x.name).join(' / ');
const nameOf = (x: Named | null) => x?.name ?? '';

function workforceCells(loc: Locale, r: PersonRow): string[] {
  const first = r.workers[0];
  return [
    r.name,
    r.kana ?? '',
    r.email ?? '',
    first?.workerNumber ?? '',
    r.workerTypes.map((w) => t(loc, `common:workerTypes.${w}`)).join(' / '),
    first?.stage ? t(loc, `common:stages.${first.stage}`) : '',
    names(r.departments),
    names(r.positions),
    nameOf(r.jobTitle),
    nameOf(r.jobGrade),
    nameOf(r.jobCompetency),
    names(r.jobTypes),
    names(r.places),
    r.joinedOn ?? '',
    r.leftOn ?? '',
    r.contractStartOn ?? '',
    r.contractEndOn ?? '',
    names(r.devices),
    String(r.appCount),
  ];
}

function alumniCells(loc: Locale, r: AlumnusRow): string[] {
  return [
    r.leavingDate ?? '',
    r.name,
    r.kana ?? '',
    r.personalEmail ?? '',
    r.personalPhone ?? '',
    t(loc, `common:workerTypes.${r.lastWorkerType}`),
    names(r.lastJobTypes),
    names(r.departments),
    names(r.positions),
    names(r.places),
    r.joiningDate ?? '',
    r.contractStartDate ?? '',
    r.startingDate ?? '',
    names(r.devices),
    String(r.appCount),
  ];
}

async function workforceBatch(tx: Tx, loc: Locale, q: Record<string, unknown>, cursor: string | null, limit: number) {
  const query = q as unknown as WorkforceExportQuery;
  const today = todayInJapan();
  const spec = workforceSpec(query, await resolveText(tx, query.freeText), today);
  const s = await resolveFilters(tx, spec, today, currentOnly(spec));
  const after = cursor ? (JSON.parse(cursor) as { name: string; id: string }) : null;
  const b = (await workforceIdsAfterSql(s, after, limit).execute(tx)).rows[0]!;
  if (!b.ids.length) return { cells: [], cursor: null };
  const rows = await sql<{ row_json: string }>`SELECT r.row_json FROM ${workforceRowsSql(s, sql`${b.ids}::uuid[]`)} AS r ORDER BY r.page_ord`.execute(tx);
  const items = rows.rows.map((r) => JSON.parse(r.row_json) as PersonRow);
  const last = b.ids.length - 1;
  return { cells: items.map((r) => workforceCells(loc, r)), cursor: b.ids.length < limit ? null : JSON.stringify({ name: b.names[last], id: b.ids[last] }) };
}

async function alumniBatch(tx: Tx, loc: Locale, q: Record<string, unknown>, cursor: string | null, limit: number) {
  const query = q as unknown as AlumniExportQuery;
  const today = todayInJapan();
  const s = await resolveFilters(tx, alumniSpec(query, await resolveText(tx, query.freeText), today), today);
  const after = cursor ? (JSON.parse(cursor) as { on: string; id: string }) : null;
  const b = (await alumniIdsAfterSql(s, after, limit).execute(tx)).rows[0]!;
  if (!b.ids.length) return { cells: [], cursor: null };
  const items = JSON.parse((await alumniRowsSql(s, sql`${b.ids}::uuid[]`).execute(tx)).rows[0]!.items) as AlumnusRow[];
  const last = b.ids.length - 1;
  return { cells: items.map((r) => alumniCells(loc, r)), cursor: b.ids.length < limit ? null : JSON.stringify({ on: b.keys[last], id: b.workers[last] }) };
}

registerCsvExport({
  id: WORKFORCE_SOURCE,
  header: (loc) => WORKFORCE_COLUMNS.map((k) => t(loc, `people:csv.workforce.${k}`)),
  batch: (tx, grant, cursor, limit) => workforceBatch(tx, grant.loc, grant.q, cursor, limit),
});
registerCsvExport({
  id: ALUMNI_SOURCE,
  header: (loc) => ALUMNI_COLUMNS.map((k) => t(loc, `people:csv.alumni.${k}`)),
  batch: (tx, grant, cursor, limit) => alumniBatch(tx, grant.loc, grant.q, cursor, limit),
});
