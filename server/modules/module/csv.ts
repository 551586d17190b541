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
import { sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import { type CsvImportResult, type CsvMode, type CsvRecord } from '../../../src/api/modules/contracts.js';
import type { FieldDef, ModuleDef, RefTarget } from '../../../src/api/modules/define.js';
import { decodeCsv, isBlankRow, normalizeCell, normalizeHeader, parseCsv, parseCsvDate } from '../../csv/codec.js';
import type { Tx } from '../../db/tenant.js';
import { t } from '../../http/i18n.js';
import { enumLabel, enumLabels, fieldLabel, fieldLabels } from './labels.js';
import { insertRow, updateRow } from './module.routes.js';
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
  record: CsvRecord;
  id: string | null;
  values: Record<string, unknown>;
}

export interface CheckResult {
  result: Omit<CsvImportResult, 'records' | 'recordCount' | 'jobId' | 'imported'>;
  rows: CheckedRow[];
  fileError: string | null;
}

/** Checks every row of the file against the module and the database. */
/** Checks the file's rows against the module and the database: all of them,
 * or those in `range` (a background import checks its chunk; an ID repeated
 * from an earlier row is still found). */
export async function checkFile(tx: Tx, m: ModuleDef, locale: Locale, file: ParsedFile, range?: { from: number; to: number }): Promise<CheckResult> {
  const lookups = await refLookups(tx, m);
  const idCol = file.fields.indexOf('id');
  const from = Math.max(0, range?.from ?? 0);
  const slice = file.rows.slice(from, range ? range.to : undefined);
  const idOf = (r: string[]) => normalizeCell(r[idCol] ?? '').toLowerCase();
  // The current values of the rows the file names, to tell update from unchanged.
  const ids = idCol < 0 ? [] : [...new Set(slice.map(idOf).filter((x) => UUID.test(x)))];
  const current = new Map<string, Record<string, unknown>>();
  const names = Object.keys(m.fields);
  for (let i = 0; i < ids.length; i += 5000) {
    const batch = ids.slice(i, i + 5000);
    const r = await sql<Record<string, unknown>>`SELECT m.id, ${sql.join(
      names.map((n) => (m.fields[n]?.kind === 'date' ? sql`to_char(${sql.ref(`m.${col(n)}`)}, 'YYYY-MM-DD') AS ${sql.id(n)}` : sql`${sql.ref(`m.${col(n)}`)} AS ${sql.id(n)}`)),
    )} FROM ${sql.table(m.table)} AS m WHERE m.id = ANY(${batch}::uuid[])`.execute(tx);
    for (const row of r.rows) current.set(String(row.id), row);
  }

  const rows: CheckedRow[] = [];
  const summary = { create: 0, update: 0, unchanged: 0 };
  let errorRows = 0;
  let errorCells = 0;
  const seenIds = new Set<string>(idCol < 0 ? [] : file.rows.slice(0, from).map(idOf).filter((x) => UUID.test(x)));
  slice.forEach((cells, i) => {
    const index = from + i;
    const values: Record<string, unknown> = {};
    const recordErrors: string[] = [];
    let id: string | null = null;
    const out = file.headers.slice(0, Math.max(cells.length, file.fields.length)).map((_, c) => {
      const raw = cells[c] ?? '';
      const field = file.fields[c];
      const errors: string[] = [];
      if (field === 'id') {
        const v = normalizeCell(raw);
        if (v) {
          if (!UUID.test(v) || !current.has(v.toLowerCase())) errors.push(t(locale, 'csv.idNotFound'));
          else if (seenIds.has(v.toLowerCase())) errors.push(t(locale, 'csv.duplicateId'));
          else {
            id = v.toLowerCase();
            seenIds.add(id);
          }
        }
      } else if (field) {
        const f = m.fields[field] as FieldDef;
        const r = convert(m, field, f, raw, lookups, locale);
        if ('error' in r) errors.push(r.error);
        else values[field] = r.value;
      }
      return { value: raw, errors };
    });
    if (cells.length > file.fields.length) recordErrors.push(t(locale, 'csv.tooManyCells'));
    // A new row needs every required field.
    if (!id) {
      for (const [name, f] of Object.entries(m.fields)) {
        if (f.required && !f.readOnly && !(name in values) && !file.fields.includes(name)) recordErrors.push(t(locale, 'csv.missingValue', { field: fieldLabel(m, locale, name) }));
      }
    }
    const cellErrors = out.reduce((n, v) => n + v.errors.length, 0);
    errorCells += cellErrors;
    const isValid = cellErrors === 0 && recordErrors.length === 0;
    if (!isValid) errorRows++;
    let action: CsvRecord['action'] = 'create';
    if (id) {
      const before = current.get(id) ?? {};
      const changed = Object.entries(values).some(([k, v]) => String(before[k] ?? '') !== String(v ?? ''));
      action = changed ? 'update' : 'unchanged';
    }
    if (isValid) summary[action]++;
    rows.push({ id, values, record: { line: file.lines[index] ?? index + 2, isValid, action, values: out, recordErrors } });
  });
  return {
    rows,
    fileError: file.fileError,
    result: checkedResult(file, errorRows, errorCells, summary),
  };
}

/** Writes a checked file: creates and updates, in the caller's transaction. */
export async function applyRows(tx: Tx, m: ModuleDef, orgId: string, rows: CheckedRow[], onProgress?: (done: number) => Promise<void>) {
  let done = 0;
  for (const row of rows) {
    if (row.record.action === 'create') await insertRow(tx, m, orgId, row.values);
    else if (row.record.action === 'update' && row.id) await updateRow(tx, m, row.id, row.values);
    done++;
    if (onProgress && done % 500 === 0) await onProgress(done);
  }
}
