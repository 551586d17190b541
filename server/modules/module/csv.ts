// The CSV pipeline every module with `csv` columns gets:
//   export: rows → cells (enum labels and reference keys in the caller's
//     language), streamed in keyset batches (flat memory, never truncated);
//   import: bytes → decoded text (UTF-8 with or without BOM, or CP932) →
//     records → per-cell checks → create / update / unchanged, applied all or
//     nothing in the request's transaction.
// Headers may be the field's English or Japanese label or its API name; enum
// cells the value or either label; reference cells a key of the referenced
// row (type/item name or code, worker e-mail or number, place code or name,
// device tag or serial number) or its id.
import crypto from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import { type CsvImportResult, type CsvMode, type CsvRecord } from '../../../src/api/modules/contracts.js';
import type { FieldDef, ModuleDef, RefTarget } from '../../../src/api/modules/define.js';
import { decodeCsv, isBlankRow, normalizeCell, normalizeHeader, parseCsv, parseCsvDate } from '../../csv/codec.js';
import type { Tx } from '../../db/tenant.js';
import { t } from '../../http/i18n.js';
import { enumLabel, enumLabels, fieldLabel, fieldLabels } from './labels.js';
import { col, REF_EXPORT, REFS, refAlias, refs } from './sql.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The CSV columns of a file in a mode: edit files lead with the id. */
export function csvColumns(m: ModuleDef, mode: CsvMode): string[] {
  const cols = [...(m.csv ?? [])];
  return mode === 'view' ? cols.filter((c) => c !== 'id') : cols.includes('id') ? cols : ['id', ...cols];
}

export const headerLabel = (m: ModuleDef, locale: Locale, field: string) => (field === 'id' ? 'ID' : fieldLabel(m, locale, field));

/** SELECT list giving each CSV column as text, for the export (over fromClause). */
export function exportSelect(m: ModuleDef, columns: string[]) {
  return sql.join(
    columns.map((name) => {
      if (name === 'id') return sql`m.id::text AS id`;
      const f = m.fields[name] as FieldDef;
      const c = sql.ref(`m.${col(name)}`);
      // Read from the target fromClause already joined.
      if (f.kind === 'ref') return sql`${REF_EXPORT[f.to](refAlias(name))} AS ${sql.id(name)}`;
      if (f.kind === 'date') return sql`to_char(${c}, 'YYYY-MM-DD') AS ${sql.id(name)}`;
      return sql`${c}::text AS ${sql.id(name)}`;
    }),
  );
}

/** One exported row's cells: enum values become the caller's labels. */
export function exportCells(m: ModuleDef, locale: Locale, columns: string[], row: Record<string, unknown>): string[] {
  return columns.map((name) => {
    const v = row[name];
    if (v === null || v === undefined) return '';
    const f = m.fields[name];
    return f?.kind === 'enum' ? enumLabel(m, locale, name, String(v)) : String(v);
  });
}

// ---------------------------------------------------------------- import

export interface ParsedFile {
  encoding: 'UTF-8' | 'Shift_JIS';
  headers: CsvImportResult['headers'];
  /** Field per column (null: unknown column). */
  fields: Array<string | null>;
  rows: string[][];
  lines: number[];
  fileError: string | null;
}

/** A column an import knows, for readCsvTable. */
export interface CsvColumnSpec {
  name: string;
  /** Every header text that names it: its API name and its labels in each language. */
  names: readonly string[];
  /** A file without this column gets a header error. */
  required: boolean;
  /** Its label in the caller's language, for that error. */
  label: string;
}

/**
 * Bytes → the file's header cells matched to columns (in either language,
 * normalised as headers are), its rows without Excel's cleared ",,," lines,
 * and the file-level error (bad bytes, unclosed quote, empty file). Every
 * import reads through this: modules (readFile) and bespoke imports alike.
 */
export function readCsvTable(locale: Locale, bytes: Uint8Array, hint: 'auto' | 'UTF-8' | 'Shift_JIS', columns: readonly CsvColumnSpec[]): ParsedFile {
  const decoded = decodeCsv(bytes, hint);
  const parsed = parseCsv(decoded.text);
  const [head = [], ...allRows] = parsed.rows;
  const [, ...allLines] = parsed.lines;
  // Excel writes ",,," for rows the user cleared: they are not rows.
  const keep = allRows.map((r) => !isBlankRow(r));
  const rows = allRows.filter((_, i) => keep[i]);
  const lines = allLines.filter((_, i) => keep[i]);
  const known = new Map<string, string>();
  for (const c of columns) for (const label of c.names) known.set(normalizeHeader(label), c.name);
  const seen = new Set<string>();
  const fields: Array<string | null> = [];
  const headers = head.map((value) => {
    const field = known.get(normalizeHeader(value)) ?? null;
    const errors: string[] = [];
    if (!field) errors.push(t(locale, 'csv.unknownHeader', { header: value }));
    else if (seen.has(field)) errors.push(t(locale, 'csv.duplicateHeader', { header: value }));
    if (field) seen.add(field);
    fields.push(errors.length ? null : field);
    return { value, field, errors };
  });
  for (const c of columns) {
    if (c.required && !seen.has(c.name)) headers.push({ value: '', field: c.name, errors: [t(locale, 'csv.missingHeader', { header: c.label })] });
  }
  let fileError: string | null = null;
  if (decoded.invalid) fileError = t(locale, 'csv.badEncoding', { encoding: decoded.encoding });
  else if (parsed.error) fileError = t(locale, 'csv.unterminatedQuote', { line: parsed.error.line });
  else if (head.length === 0) fileError = t(locale, 'csv.empty');
  return { encoding: decoded.encoding, headers, fields, rows, lines, fileError };
}

/** A module's CSV columns as readCsvTable knows them ('id' first, then its fields). */
function moduleColumns(m: ModuleDef, locale: Locale): CsvColumnSpec[] {
  const csv = m.csv ?? [];
  return [
    { name: 'id', names: ['id'], required: false, label: 'ID' },
    ...Object.entries(m.fields)
      .filter(([name]) => name !== 'id' && csv.includes(name))
      .map(([name, f]) => ({ name, names: [name, ...fieldLabels(m, name)], required: !!f.required && !f.readOnly, label: fieldLabel(m, locale, name) })),
  ];
}

export function readFile(m: ModuleDef, locale: Locale, bytes: Uint8Array, hint: 'auto' | 'UTF-8' | 'Shift_JIS'): ParsedFile {
  return readCsvTable(locale, bytes, hint, moduleColumns(m, locale));
}

/** Parsed uploads, by key: the dry run, the import call and every chunk of a
 * background import read the same immutable file (keys are never reused),
 * so a process parses it once. Only an optimization: another replica, or a
 * restarted one, parses again; nothing depends on a hit. Two entries at
 * most (a 10 MB file parses to some tens of MB). */
const parsedUploads = new Map<string, ParsedFile>();
const PARSED_UPLOADS_MAX = 2;

/** An uploaded key parsed by `parse`, through the cache above; `reader`
 * names the way it is read (the import and the caller's language, which
 * the messages are in). */
export async function readUploadWith(reader: string, key: string, read: () => Promise<Uint8Array>, parse: (bytes: Uint8Array) => ParsedFile): Promise<ParsedFile> {
  const k = `${reader}\u0000${key}`;
  const hit = parsedUploads.get(k);
  if (hit) {
    parsedUploads.delete(k);
    parsedUploads.set(k, hit);
    return hit;
  }
  const file = parse(await read());
  parsedUploads.set(k, file);
  while (parsedUploads.size > PARSED_UPLOADS_MAX) parsedUploads.delete(parsedUploads.keys().next().value!);
  return file;
}

/** readFile of an uploaded key, through the cache above. */
export function readUpload(m: ModuleDef, locale: Locale, key: string, hint: 'auto' | 'UTF-8' | 'Shift_JIS', read: () => Promise<Uint8Array>): Promise<ParsedFile> {
  return readUploadWith(`${m.id}\u0000${locale}\u0000${hint}`, key, read, (bytes) => readFile(m, locale, bytes, hint));
}

type Lookup = Map<string, string>;

/** Every key of every row of a reference target → id (one query per target). */
async function refLookups(tx: Tx, m: ModuleDef): Promise<Map<RefTarget, Lookup>> {
  const out = new Map<RefTarget, Lookup>();
  for (const [, f] of refs(m)) {
    if (out.has(f.to)) continue;
    const r = REFS[f.to];
    const keys = r.keys('a');
    const rows = await sql<{ id: string; k: string[] }>`SELECT a.id, ARRAY[${sql.join(keys)}] AS k FROM ${r.from('a')}`.execute(tx);
    const map: Lookup = new Map();
    for (const row of rows.rows) {
      map.set(row.id.toLowerCase(), row.id);
      for (const k of row.k) if (k && !map.has(k)) map.set(k, row.id);
    }
    out.set(f.to, map);
  }
  return out;
}

const enumIndexes = new Map<string, Map<string, string>>();
/** A field's enum values by every label they are known by (value, ja-JP,
 * en-US), normalized as headers are; built once per field, not per cell. */
function enumIndex(m: ModuleDef, name: string, values: readonly string[]): Map<string, string> {
  const key = `${m.id}.${name}`;
  let index = enumIndexes.get(key);
  if (!index) {
    index = new Map();
    for (const value of values) for (const label of enumLabels(m, name, value)) if (!index.has(normalizeHeader(label))) index.set(normalizeHeader(label), value);
    enumIndexes.set(key, index);
  }
  return index;
}

/** A cell → the field's value, or an error message key. */
function convert(m: ModuleDef, name: string, f: FieldDef, raw: string, lookups: Map<RefTarget, Lookup>, locale: Locale): { value: unknown } | { error: string } {
  const v = normalizeCell(raw);
  if (v === '') return f.required ? { error: t(locale, 'validation.required') } : { value: null };
  switch (f.kind) {
    case 'text':
      return v.length > f.max ? { error: t(locale, 'validation.tooBigString', { maximum: f.max }) } : { value: v };
    case 'enum': {
      const hit = enumIndex(m, name, f.values).get(normalizeHeader(v));
      return hit
        ? { value: hit }
        : { error: t(locale, 'validation.invalidValue', { values: f.values.map((x) => enumLabel(m, locale, name, x)).join(', ') }) };
    }
    case 'date': {
      // 2024-04-01, 2024/4/1, 2024年4月1日 and the Japanese eras (令和6年4月1日, R6.4.1).
      const d = parseCsvDate(v);
      return d ? { value: d } : { error: t(locale, 'validation.date') };
    }
    case 'integer': {
      const n = v.replace(/[,¥￥円]/g, '');
      if (!/^-?\d+$/.test(n)) return { error: t(locale, 'validation.notInteger') };
      const num = Number(n);
      if (f.min !== undefined && num < f.min) return { error: t(locale, 'validation.tooSmallNumber', { minimum: f.min }) };
      if (f.max !== undefined && num > f.max) return { error: t(locale, 'validation.tooBigNumber', { maximum: f.max }) };
      return { value: num };
    }
    case 'ref': {
      const id = lookups.get(f.to)?.get(v.toLowerCase());
      return id ? { value: id } : { error: t(locale, 'csv.referenceNotFound', { value: v }) };
    }
  }
}

/** A checked file's result: its headers (with the file's own error as one more), the error counts and the summary. */
export function checkedResult<S>(file: ParsedFile, errorRows: number, errorCells: number, summary: S) {
  const headerErrors = file.headers.reduce((n, h) => n + h.errors.length, 0) + (file.fileError ? 1 : 0);
  return {
    headers: file.fileError ? [...file.headers, { value: '', field: null, errors: [file.fileError] }] : file.headers,
    errors: { rows: errorRows, cells: errorCells, headers: headerErrors },
    summary,
    encoding: file.encoding,
  };
}

export interface CheckedRow {
  /** The row's index in the file's rows. */
  index: number;
  isValid: boolean;
  action: CsvRecord['action'];
  /** The row it updates (an ID cell naming a row of the organisation). */
  id: string | null;
  /** Field → value of the cells that converted. */
  values: Record<string, unknown>;
  /** The error of each cell that has one, by column; null when none has. */
  cellErrors: Array<string[] | undefined> | null;
  recordErrors: string[] | null;
}

export interface CheckResult {
  result: Omit<CsvImportResult, 'records' | 'recordCount' | 'jobId' | 'imported'>;
  rows: CheckedRow[];
  fileError: string | null;
  /** The record the wizard shows for a row: built for the rows a response
   * carries only, not for every row of a 100,000-row file. */
  record: (row: CheckedRow) => CsvRecord;
}

/** A cell → the field's value, or its error, through a memo per column:
 * enum labels, reference keys, dates and numbers repeat down a column. */
function columnConverter(m: ModuleDef, name: string, lookups: Map<RefTarget, Lookup>, locale: Locale): (raw: string) => { value: unknown } | { error: string } {
  const f = m.fields[name] as FieldDef;
  if (f.kind === 'text') return (raw) => convert(m, name, f, raw, lookups, locale);
  const memo = new Map<string, { value: unknown } | { error: string }>();
  return (raw) => {
    let r = memo.get(raw);
    if (!r) {
      r = convert(m, name, f, raw, lookups, locale);
      if (memo.size < 20_000) memo.set(raw, r);
    }
    return r;
  };
}

/** Checks the file's rows against the module and the database: all of them,
 * or those in `range` (a background import checks its chunk; an ID repeated
 * from an earlier row is still found). */
export async function checkFile(tx: Tx, m: ModuleDef, locale: Locale, file: ParsedFile, range?: { from: number; to: number }): Promise<CheckResult> {
  const lookups = await refLookups(tx, m);
  const idCol = file.fields.indexOf('id');
  const from = Math.max(0, range?.from ?? 0);
  const to = Math.min(file.rows.length, range ? range.to : file.rows.length);
  const idOf = (r: string[]) => normalizeCell(r[idCol] ?? '').toLowerCase();
  // The current values of the rows the file names, to tell update from unchanged.
  const ids = idCol < 0 ? [] : [...new Set(file.rows.slice(from, to).map(idOf).filter((x) => UUID.test(x)))];
  const current = new Map<string, Record<string, unknown>>();
  const names = Object.keys(m.fields);
  for (let i = 0; i < ids.length; i += 5000) {
    const batch = ids.slice(i, i + 5000);
    const r = await sql<Record<string, unknown>>`SELECT m.id, ${sql.join(
      names.map((n) => (m.fields[n]?.kind === 'date' ? sql`to_char(${sql.ref(`m.${col(n)}`)}, 'YYYY-MM-DD') AS ${sql.id(n)}` : sql`${sql.ref(`m.${col(n)}`)} AS ${sql.id(n)}`)),
    )} FROM ${sql.table(m.table)} AS m WHERE m.id = ANY(${batch}::uuid[])`.execute(tx);
    for (const row of r.rows) current.set(String(row.id), row);
  }

  const fields = file.fields;
  const width = fields.length;
  const converters = fields.map((field) => (field && field !== 'id' ? columnConverter(m, field, lookups, locale) : null));
  // A new row needs every required field: those the file has no column for
  // are missing from each of its new rows.
  const missing = Object.entries(m.fields)
    .filter(([name, f]) => f.required && !f.readOnly && !fields.includes(name))
    .map(([name]) => t(locale, 'csv.missingValue', { field: fieldLabel(m, locale, name) }));
  const tooManyCells = t(locale, 'csv.tooManyCells');
  const idNotFound = t(locale, 'csv.idNotFound');
  const duplicateId = t(locale, 'csv.duplicateId');

  const rows: CheckedRow[] = [];
  const summary = { create: 0, update: 0, unchanged: 0 };
  let errorRows = 0;
  let errorCells = 0;
  const seenIds = new Set<string>(idCol < 0 ? [] : file.rows.slice(0, from).map(idOf).filter((x) => UUID.test(x)));
  for (let index = from; index < to; index++) {
    const cells = file.rows[index]!;
    const values: Record<string, unknown> = {};
    let cellErrors: Array<string[] | undefined> | null = null;
    let errors = 0;
    let id: string | null = null;
    for (let c = 0; c < width; c++) {
      const field = fields[c];
      if (!field) continue;
      const raw = cells[c] ?? '';
      let error: string | undefined;
      if (field === 'id') {
        const v = normalizeCell(raw);
        if (v) {
          const lower = v.toLowerCase();
          if (!UUID.test(v) || !current.has(lower)) error = idNotFound;
          else if (seenIds.has(lower)) error = duplicateId;
          else {
            id = lower;
            seenIds.add(id);
          }
        }
      } else {
        const r = converters[c]!(raw);
        if ('error' in r) error = r.error;
        else values[field] = r.value;
      }
      if (error) {
        (cellErrors ??= [])[c] = [error];
        errors++;
      }
    }
    let recordErrors: string[] | null = null;
    if (cells.length > width) recordErrors = [tooManyCells];
    if (!id && missing.length) recordErrors = [...(recordErrors ?? []), ...missing];
    errorCells += errors;
    const isValid = errors === 0 && !recordErrors;
    if (!isValid) errorRows++;
    let action: CsvRecord['action'] = 'create';
    if (id) {
      const before = current.get(id) ?? {};
      let changed = false;
      for (const k in values) {
        if (String(before[k] ?? '') !== String(values[k] ?? '')) {
          changed = true;
          break;
        }
      }
      action = changed ? 'update' : 'unchanged';
    }
    if (isValid) summary[action]++;
    rows.push({ index, isValid, action, id, values, cellErrors, recordErrors });
  }
  const record = (row: CheckedRow): CsvRecord => {
    const cells = file.rows[row.index] ?? [];
    const n = Math.min(file.headers.length, Math.max(cells.length, width));
    const values = Array.from({ length: n }, (_, c) => ({ value: cells[c] ?? '', errors: row.cellErrors?.[c] ?? [] }));
    return { line: file.lines[row.index] ?? row.index + 2, isValid: row.isValid, action: row.action, values, recordErrors: row.recordErrors ?? [] };
  };
  return {
    rows,
    fileError: file.fileError,
    result: checkedResult(file, errorRows, errorCells, summary),
    record,
  };
}

/** The records a response carries: only the invalid ones (filterError), one
 * page (as pageOfRecords in ./csv.routes.ts, building only that page's). */
export function pageOfChecked(checked: CheckResult, b: { pageIndex?: number | undefined; pageSize?: number | undefined; filterError?: boolean | undefined }) {
  let rows = b.filterError ? checked.rows.filter((r) => !r.isValid) : checked.rows;
  const recordCount = rows.length;
  if (b.pageSize !== undefined) {
    const start = (b.pageIndex ?? 0) * b.pageSize;
    rows = rows.slice(start, start + b.pageSize);
  }
  return { records: rows.map(checked.record), recordCount };
}

/** The fields an import of the file writes: its columns' (not the ID, nor a read-only one), once each. */
export function importFields(m: ModuleDef, file: ParsedFile): string[] {
  return [...new Set(file.fields.filter((f): f is string => !!f && f !== 'id' && !m.fields[f]?.readOnly))];
}

/**
 * New ids for rows `seq`… of an import, in the order of `seq`: UUID version 7
 * (RFC 9562), the time in milliseconds, then the row's number, then random
 * bits. Rows inserted in id order go to the right-hand end of the primary
 * key and of every (…, id) index instead of random pages, which makes a
 * large import's index writes several times cheaper.
 */
export function timeOrderedIds(seqs: readonly number[]): string[] {
  const ms = Date.now().toString(16).padStart(12, '0');
  const head = `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7`;
  const random = crypto.randomBytes(6 * seqs.length).toString('hex');
  const hex = (v: number, w: number) => v.toString(16).padStart(w, '0');
  return seqs.map((n, i) => `${head}${hex((n >>> 14) & 0xfff, 3)}-${hex(8 | ((n >>> 12) & 3), 1)}${hex(n & 0xfff, 3)}-${random.slice(12 * i, 12 * i + 12)}`);
}

/** The rows to write as the JSON text of the arrays json_populate_recordset
 * reads (column name → value; null when there is no row): creates with a new
 * id each, updates with the id they change. */
export function rowsToWrite(fields: readonly string[], rows: readonly CheckedRow[]): { creates: string | null; updates: string | null } {
  const cols = fields.map((f) => [f, col(f)] as const);
  const object = (id: string, values: Record<string, unknown>) => {
    const o: Record<string, unknown> = { id };
    for (const [f, c] of cols) o[c] = values[f] ?? null;
    return o;
  };
  const made = rows.filter((r) => r.action === 'create');
  const ids = timeOrderedIds(made.map((r) => r.index));
  const changed = rows.filter((r) => r.action === 'update' && r.id);
  return {
    creates: made.length ? JSON.stringify(made.map((r, i) => object(ids[i]!, r.values))) : null,
    updates: changed.length ? JSON.stringify(changed.map((r) => object(r.id!, r.values))) : null,
  };
}

/**
 * Writes rows in two set-based statements: one INSERT of the creates and one
 * UPDATE of the updates, each reading rows `r` (the table's row type) from
 * `creates` / `updates` (a FROM item; null: none to write). The audit trail
 * comes from the statement triggers (migration 0019), one row per record.
 *
 * The INSERT runs in the bulk-insert mode of migration 0034 where the
 * database allows it: its foreign keys are checked once for the statement
 * (the distinct values of each, locked as the row checks lock them) instead
 * of once per row and key. Returns whether it did.
 */
export async function writeRows(
  tx: Tx,
  m: ModuleDef,
  orgId: string,
  fields: readonly string[],
  from: { creates: RawBuilder<unknown> | null; updates: RawBuilder<unknown> | null },
): Promise<{ bulk: boolean }> {
  const cols = fields.map((f) => sql.id(col(f)));
  const vals = fields.map((f) => sql.ref(`r.${col(f)}`));
  let bulk = false;
  if (from.creates) {
    bulk = Boolean((await sql<{ on: boolean }>`SELECT enter_bulk_insert(${m.table}) AS on`.execute(tx)).rows[0]?.on);
    await sql`INSERT INTO ${sql.table(m.table)} (id, org_id${sql.join(cols.map((c) => sql`, ${c}`), sql``)})
      SELECT r.id, ${orgId}::uuid${sql.join(vals.map((v) => sql`, ${v}`), sql``)} FROM ${from.creates}`.execute(tx);
    // Only this INSERT: any later statement of the transaction (the UPDATE
    // below, the job's bookkeeping) has its foreign keys checked row by row.
    if (bulk) await sql`SELECT leave_bulk_insert()`.execute(tx);
  }
  if (from.updates && fields.length) {
    await sql`UPDATE ${sql.table(m.table)} AS t SET updated_at = now(), ${sql.join(fields.map((f) => sql`${sql.id(col(f))} = ${sql.ref(`r.${col(f)}`)}`))}
      FROM ${from.updates} WHERE t.id = r.id`.execute(tx);
  }
  return { bulk };
}

/** Writes a checked file (a small one, in the request): creates and updates, in the caller's transaction. */
export async function applyRows(tx: Tx, m: ModuleDef, orgId: string, file: ParsedFile, rows: readonly CheckedRow[]) {
  const fields = importFields(m, file);
  const { creates, updates } = rowsToWrite(fields, rows);
  const recordset = (json: string | null) => (json ? sql`json_populate_recordset(NULL::${sql.table(m.table)}, ${json}::json) AS r` : null);
  await writeRows(tx, m, orgId, fields, { creates: recordset(creates), updates: recordset(updates) });
}
