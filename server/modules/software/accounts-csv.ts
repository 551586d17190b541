// The CSV connector (issue 6: "the CSV import is the second connector", the
// first being SCIM in ../../connectors/): an integration whose connector is
// CSV gets its accounts from files the operator uploads.
//   POST /v2/app-integrations/{id}/users-csv  dry run or import of an upload
//   GET  /v2/app-integrations/{id}/users-csv  the template or the current accounts
// Both beyond the spec (it shows the page only), shaped like the module CSV
// calls, and read through the same pipeline pieces (../module/csv*.ts:
// decoding UTF-8/BOM/Shift_JIS, headers in either language, the parsed-upload
// cache, the key check, once-per-key imports, the signed streamed download).
//
// Decisions, for the next engineer:
// - The file is the tenant's full account list. A row creates or updates the
//   account with its account id (the tenant's external id); every account of
//   the integration the file does not list is deleted, whatever stored it
//   (the seed's accounts, a former SCIM connection's): for a CSV-connector
//   integration the last file is the tenant. The dry run counts the
//   deletions (summary.delete) so the user sees them before importing.
// - A column the file does not have keeps the stored value; a blank cell
//   clears it. A blank user name becomes the e-mail, else the account id
//   (the column is NOT NULL); a blank "active" means active; a blank MFA is
//   unknown. Times without an offset are Japan time; they compare to the
//   second, so an exported file re-imports unchanged.
// - An integration connected over SCIM refuses (its accounts come from the
//   refresh), as does a deactivated one; both before the file is read.
// - All or nothing in the request's transaction, in set-based statements
//   (jsonb_to_recordset in chunks, like the SCIM refresh's store): 10,000
//   rows import in one request, so no background job. Then, as a refresh
//   does: matchAccounts, recordActivity, refreshed_at.
import { sql } from 'kysely';
import { APP_USERS_CSV_COLUMNS, type AppUsersCsvColumn, exportAppUsersCsv, GROUPS_SEPARATOR, importAppUsersCsv } from '../../../src/api/contracts/app-users-csv.js';
import type { Locale } from '../../../src/api/contracts/common.js';
import type { CsvRecord } from '../../../src/api/contracts/csv-import.js';
import { normalizeCell, parseCsvBoolean, parseCsvDateTime } from '../../csv/codec.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { checkedResult, type CsvColumnSpec, type ParsedFile, readCsvTable, readUploadWith } from '../module/csv.js';
import { claimUpload, csvExportLink, pageOfRecords, registerCsvExport, uploadReader } from '../module/csv.routes.js';
import { matchAccounts } from './accounts.js';
import { recordActivity } from './activity.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

/** The csv_imports kind and the export source id. */
const KIND = 'app-users';
const LOCALES: readonly Locale[] = ['ja-JP', 'en-US'];
const TEXT_MAX: Partial<Record<AppUsersCsvColumn, number>> = {
  externalId: 200,
  userName: 200,
  email: 254,
  displayName: 200,
  roleName: 100,
  statusName: 100,
  employeeNumber: 100,
};
const GROUP_MAX = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WRITE_CHUNK = 5000;

const label = (locale: Locale, c: AppUsersCsvColumn) => t(locale, `appUsersCsv:columns.${c}`);

function columns(locale: Locale): CsvColumnSpec[] {
  return APP_USERS_CSV_COLUMNS.map((name) => ({ name, names: [name, ...LOCALES.map((l) => label(l, name))], required: name === 'externalId', label: label(locale, name) }));
}

interface Integration {
  id: string;
  app_id: string | null;
  status: 'ACTIVE' | 'DEACTIVATED';
  connector: 'SCIM' | 'CSV';
}

/** A live integration of the caller's organisation (RLS), or 404. */
async function integrationOf(tx: Tx, id: string): Promise<Integration> {
  const r = await sql<Integration>`SELECT id, app_id, status, connector FROM app_integrations WHERE id = ${id} AND deleted_at IS NULL`.execute(tx);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** An account as stored (the columns an import writes). */
interface Stored {
  external_id: string;
  user_name: string;
  email: string | null;
  display_name: string | null;
  role_name: string | null;
  status_name: string | null;
  is_active: boolean;
  /** ISO instants. */
  last_signed_in_at: string | null;
  app_created_at: string | null;
  employee_number: string | null;
  groups: string[];
  configured_mfa: boolean | null;
}

interface StoredRow extends Omit<Stored, 'last_signed_in_at' | 'app_created_at'> {
  last_signed_in_at: Date | null;
  app_created_at: Date | null;
}

/** The cells of a row: present columns only. */
type Values = Partial<{
  externalId: string;
  userName: string | null;
  email: string | null;
  displayName: string | null;
  roleName: string | null;
  statusName: string | null;
  active: boolean | null;
  lastSignedInAt: string | null;
  createdAt: string | null;
  employeeNumber: string | null;
  groups: string[];
  mfa: boolean | null;
}>;

/** One cell → its value, or an error in the caller's language. */
function convert(locale: Locale, column: AppUsersCsvColumn, raw: string): { value: unknown } | { error: string } {
  const v = normalizeCell(raw);
  const max = TEXT_MAX[column];
  if (column === 'externalId' && !v) return { error: t(locale, 'validation.required') };
  if (max !== undefined) {
    if (!v) return { value: null };
    if (v.length > max) return { error: t(locale, 'validation.tooBigString', { maximum: max }) };
    if (column === 'email' && !EMAIL.test(v)) return { error: t(locale, 'validation.email') };
    return { value: v };
  }
  switch (column) {
    case 'active':
    case 'mfa': {
      if (!v) return { value: null };
      const b = parseCsvBoolean(v);
      return b === undefined ? { error: t(locale, 'appUsersCsv:errors.boolean') } : { value: b };
    }
    case 'lastSignedInAt':
    case 'createdAt': {
      if (!v) return { value: null };
      const at = parseCsvDateTime(v);
      return at === undefined ? { error: t(locale, 'appUsersCsv:errors.dateTime') } : { value: at };
    }
    case 'groups': {
      const groups = [...new Set(v.split(GROUPS_SEPARATOR).map((g) => g.trim()).filter(Boolean))];
      return groups.some((g) => g.length > GROUP_MAX) ? { error: t(locale, 'appUsersCsv:errors.group', { maximum: GROUP_MAX }) } : { value: groups };
    }
    default:
      return { value: v || null };
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toStored = (r: StoredRow): Stored => ({ ...r, last_signed_in_at: iso(r.last_signed_in_at), app_created_at: iso(r.app_created_at), groups: r.groups ?? [] });

/** The account after the import: the row's cells over what is stored (absent columns keep their value). */
function resulting(id: string, v: Values, cur: Stored | undefined): Stored {
  const has = (k: keyof Values) => k in v;
  const email = has('email') ? (v.email ?? null) : (cur?.email ?? null);
  return {
    external_id: id,
    user_name: has('userName') ? v.userName || email || id : (cur?.user_name ?? (email || id)),
    email,
    display_name: has('displayName') ? (v.displayName ?? null) : (cur?.display_name ?? null),
    role_name: has('roleName') ? (v.roleName ?? null) : (cur?.role_name ?? null),
    status_name: has('statusName') ? (v.statusName ?? null) : (cur?.status_name ?? null),
    is_active: has('active') ? (v.active ?? true) : (cur?.is_active ?? true),
    last_signed_in_at: has('lastSignedInAt') ? (v.lastSignedInAt ?? null) : (cur?.last_signed_in_at ?? null),
    app_created_at: has('createdAt') ? (v.createdAt ?? null) : (cur?.app_created_at ?? null),
    employee_number: has('employeeNumber') ? (v.employeeNumber ?? null) : (cur?.employee_number ?? null),
    groups: has('groups') ? (v.groups ?? []) : (cur?.groups ?? []),
    configured_mfa: has('mfa') ? (v.mfa ?? null) : (cur?.configured_mfa ?? null),
  };
}

/** Equal as the user sees them: times to the second, groups as a set. */
function same(a: Stored, b: Stored): boolean {
  const second = (x: string | null) => (x === null ? null : Math.floor(Date.parse(x) / 1000));
  const key = (s: Stored) =>
    JSON.stringify([s.user_name, s.email, s.display_name, s.role_name, s.status_name, s.is_active, second(s.last_signed_in_at), second(s.app_created_at), s.employee_number, [...s.groups].sort(), s.configured_mfa]);
  return key(a) === key(b);
}

interface Checked {
  result: {
    headers: ParsedFile['headers'];
    errors: { rows: number; cells: number; headers: number };
    summary: { create: number; update: number; unchanged: number; delete: number };
    encoding: ParsedFile['encoding'];
  };
  records: CsvRecord[];
  writes: { create: Stored[]; update: Stored[] };
  listed: string[];
}

/** Checks every row against the integration's accounts as they are now. */
async function check(tx: Tx, integrationId: string, locale: Locale, file: ParsedFile): Promise<Checked> {
  const current = new Map<string, Stored>();
  const r = await sql<StoredRow>`SELECT external_id, user_name, email, display_name, role_name, status_name, is_active, last_signed_in_at, app_created_at,
      employee_number, groups, configured_mfa FROM app_users WHERE app_integration_id = ${integrationId}`.execute(tx);
  for (const row of r.rows) current.set(row.external_id, toStored(row));

  const firstLine = new Map<string, number>();
  const records: CsvRecord[] = [];
  const writes: Checked['writes'] = { create: [], update: [] };
  const summary = { create: 0, update: 0, unchanged: 0, delete: 0 };
  let errorRows = 0;
  let errorCells = 0;
  file.rows.forEach((cells, index) => {
    const line = file.lines[index] ?? index + 2;
    const values: Values = {};
    const out = file.headers.slice(0, Math.max(cells.length, file.fields.length)).map((_, c) => {
      const raw = cells[c] ?? '';
      const column = file.fields[c] as AppUsersCsvColumn | null | undefined;
      const errors: string[] = [];
      if (column) {
        const x = convert(locale, column, raw);
        if ('error' in x) errors.push(x.error);
        else (values as Record<string, unknown>)[column] = x.value;
        if (column === 'externalId' && 'value' in x) {
          const id = x.value as string;
          const earlier = firstLine.get(id);
          if (earlier !== undefined) errors.push(t(locale, 'appUsersCsv:errors.duplicateId', { id, line: earlier }));
          else firstLine.set(id, line);
        }
      }
      return { value: raw, errors };
    });
    const recordErrors = cells.length > file.fields.length ? [t(locale, 'csv.tooManyCells')] : [];
    const cellErrors = out.reduce((n, v) => n + v.errors.length, 0);
    errorCells += cellErrors;
    // (Without an account id column the header error stops the import.)
    const isValid = cellErrors === 0 && recordErrors.length === 0;
    if (!isValid) errorRows++;
    let action: CsvRecord['action'] = 'create';
    if (values.externalId) {
      const cur = current.get(values.externalId);
      const next = resulting(values.externalId, values, cur);
      action = !cur ? 'create' : same(cur, next) ? 'unchanged' : 'update';
      if (isValid && action !== 'unchanged') writes[action].push(next);
    }
    if (isValid) summary[action]++;
    records.push({ line, isValid, action, values: out, recordErrors });
  });
  for (const id of current.keys()) if (!firstLine.has(id)) summary.delete++;
  return {
    result: checkedResult(file, errorRows, errorCells, summary),
    records,
    writes,
    listed: [...firstLine.keys()],
  };
}

// (A JSON array fills a text[] column directly: no per-row subquery.)
const RECORDSET = sql`AS x(external_id text, user_name text, email text, display_name text, role_name text, status_name text, is_active boolean,
  last_signed_in_at timestamptz, app_created_at timestamptz, employee_number text, groups text[], configured_mfa boolean)`;

/** Writes a checked file: deletes what it does not list, creates, updates. */
async function apply(tx: Tx, orgId: string, integrationId: string, c: Checked) {
  await sql`DELETE FROM app_users WHERE app_integration_id = ${integrationId} AND NOT (external_id = ANY(${c.listed}::text[]))`.execute(tx);
  for (let k = 0; k < c.writes.create.length; k += WRITE_CHUNK) {
    const chunk = JSON.stringify(c.writes.create.slice(k, k + WRITE_CHUNK));
    await sql`INSERT INTO app_users (org_id, app_integration_id, external_id, user_name, email, display_name, role_name, status_name, is_active,
        last_signed_in_at, app_created_at, employee_number, groups, configured_mfa, deactivated_at, source)
      SELECT ${orgId}, ${integrationId}, x.external_id, x.user_name, x.email, x.display_name, x.role_name, x.status_name, x.is_active,
        x.last_signed_in_at, x.app_created_at, x.employee_number, x.groups, x.configured_mfa,
        CASE WHEN x.is_active THEN NULL ELSE now() END, 'CSV'
      FROM jsonb_to_recordset(${chunk}::jsonb) ${RECORDSET}`.execute(tx);
  }
  for (let k = 0; k < c.writes.update.length; k += WRITE_CHUNK) {
    const chunk = JSON.stringify(c.writes.update.slice(k, k + WRITE_CHUNK));
    await sql`UPDATE app_users u SET user_name = x.user_name, email = x.email, display_name = x.display_name, role_name = x.role_name,
        status_name = x.status_name, is_active = x.is_active, last_signed_in_at = x.last_signed_in_at, app_created_at = x.app_created_at,
        employee_number = x.employee_number, groups = x.groups, configured_mfa = x.configured_mfa,
        deactivated_at = CASE WHEN x.is_active THEN NULL ELSE coalesce(u.deactivated_at, now()) END, source = 'CSV', updated_at = now()
      FROM jsonb_to_recordset(${chunk}::jsonb) ${RECORDSET}
      WHERE u.app_integration_id = ${integrationId} AND u.external_id = x.external_id`.execute(tx);
  }
  // Every account left is in the file: it now comes from the CSV connector.
  await sql`UPDATE app_users SET source = 'CSV' WHERE app_integration_id = ${integrationId} AND source <> 'CSV'`.execute(tx);
  // As a refresh does (./refresh.ts): match, record the month, mark it fresh.
  await matchAccounts(tx, integrationId);
  await recordActivity(tx, [integrationId]);
  await sql`UPDATE app_integrations SET refreshed_at = now(), refresh_error = NULL, updated_at = now() WHERE id = ${integrationId}`.execute(tx);
}

// ── Download: the template or the current accounts ─────────────────────────

/** Japan time to the second: what a spreadsheet user reads, and what re-imports unchanged. */
const jst = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const when = (d: Date | null) => (d ? jst.format(d) : '');
const yesNo = (locale: Locale, b: boolean | null) => (b === null ? '' : t(locale, `appUsersCsv:values.${b}`));

registerCsvExport({
  id: KIND,
  header: (locale) => APP_USERS_CSV_COLUMNS.map((c) => label(locale, c)),
  async batch(tx, grant, cursor, limit) {
    const r = await sql<StoredRow>`SELECT external_id, user_name, email, display_name, role_name, status_name, is_active, last_signed_in_at, app_created_at,
        employee_number, groups, configured_mfa FROM app_users
      WHERE app_integration_id = ${String(grant.q.integrationId)} AND (${cursor}::text IS NULL OR external_id > ${cursor})
      ORDER BY external_id LIMIT ${limit}`.execute(tx);
    const loc = grant.loc;
    const cells = r.rows.map((a) => [
      a.external_id,
      a.user_name,
      a.email ?? '',
      a.display_name ?? '',
      a.role_name ?? '',
      a.status_name ?? '',
      yesNo(loc, a.is_active),
      when(a.last_signed_in_at),
      when(a.app_created_at),
      a.employee_number ?? '',
      (a.groups ?? []).join(GROUPS_SEPARATOR),
      yesNo(loc, a.configured_mfa),
    ]);
    return { cells, cursor: r.rows.length < limit ? null : r.rows[r.rows.length - 1]!.external_id };
  },
});

export function accountsCsvRoutes(): AnyRoute[] {
  return [
    defineRoute(importAppUsersCsv, async ({ params, body }, { tx, auth, locale, deps }) => {
      const i = await integrationOf(tx, params.id);
      if (i.connector === 'SCIM') throw new AppError(409, 'CONFLICT', 'appUsersCsv:errors.scimConnected');
      if (i.status !== 'ACTIVE') throw new AppError(409, 'CONFLICT', 'software:integrationDeactivated');
      const file = await readUploadWith(`${KIND}\u0000${locale}\u0000${body.encoding}`, body.uploadedFileKey, uploadReader(deps, auth.orgId, body.uploadedFileKey), (bytes) =>
        readCsvTable(locale, bytes, body.encoding, columns(locale)),
      );
      const checked = await check(tx, i.id, locale, file);
      const { errors } = checked.result;
      let imported = false;
      if (!body.dryrun) {
        if (errors.rows || errors.cells || errors.headers) throw new AppError(400, 'VALIDATION_ERROR', 'csv.hasErrors');
        if (await claimUpload(tx, { orgId: auth.orgId, accountId: auth.accountId, key: body.uploadedFileKey, kind: KIND, rows: file.rows.length })) {
          await apply(tx, auth.orgId, i.id, checked);
        }
        imported = true;
      }
      return { ...checked.result, ...pageOfRecords(checked.records, body), jobId: null, imported };
    }) as AnyRoute,
    defineRoute(exportAppUsersCsv, async ({ params, query }, { tx, auth, locale, deps }) => {
      const i = await integrationOf(tx, params.id);
      const filename = `${query.mode === 'edit-template' ? 'template-' : ''}${i.app_id ?? 'custom-app'}-accounts-${todayInJapan()}.csv`;
      return csvExportLink(deps, auth, locale, { source: KIND, mode: query.mode, encoding: query.encoding, q: { integrationId: i.id }, filename });
    }) as AnyRoute,
  ];
}
