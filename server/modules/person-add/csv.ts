// Importing people of one worker type from CSV (/person/import-csv/{workerType}):
//   POST /v2/person-import-csv/{workerType}  dry run or import of an upload
//   GET  /v2/person-import-csv/{workerType}  the template or the current people
// Both beyond the spec (it shows the page), shaped like the module CSV calls
// and read through the shared pipeline pieces (../module/csv*.ts: decoding
// UTF-8/BOM/Shift_JIS, headers in Japanese or English, the parsed-upload
// cache, the key check, once-per-key imports, the signed streamed download),
// so the one wizard (src/panes/module/import-csv.tsx) drives it.
//
// Decisions, for the next engineer:
// - The worker number is the key: a number an existing worker of this type
//   holds updates that worker and its person; another number creates a
//   person and a worker. A number held by a worker of another type is an
//   error on the cell (the import of one type does not reach into another).
// - Absent columns keep what is stored; a blank cell clears (except the
//   names, which are required). The row's result must still have a joining
//   date or an offer date.
// - Dates: 2024-04-01, 2024/4/1, 2024年4月1日 and the Japanese eras
//   (令和6年4月1日, R6.4.1, 平成31年4月30日, 昭和55年1月2日: parseCsvDate).
//   Kana readings: hiragana and half-width kana are stored as full-width
//   katakana. Master data (type name, position, job title…) by name or code,
//   in any case; a disabled row is refused with its own message; a
//   department by the name it has today or its code (an ambiguous name asks
//   for the code); several job types or places in one cell split on ';'
//   (the first place is the primary one).
// - A changed department or position moves the membership from today (or
//   from the joining date when it is still ahead); new offer and joining
//   dates record their lifecycle events.
// - All or nothing in the request's transaction; one file imports once;
//   each table is written in set-based statements (./bulk.ts). At most
//   MAX_ROWS rows a file.
import { sql } from 'kysely';
import { LOCALES, type Locale } from '../../../src/api/contracts/common.js';
import type { CsvRecord } from '../../../src/api/contracts/csv-import.js';
import { EMAIL, exportPeopleCsv, importPeopleCsv, LIST_SEPARATOR, PERSON_CSV_COLUMNS, type PersonCsvColumn } from '../../../src/api/contracts/person-add.js';
import { GENDERS, WORKER_TYPES, type WorkerType, workerTypeSlug } from '../../../src/api/contracts/people-lifecycle.js';
import { normalizeCell, normalizeHeader, parseCsvDate } from '../../csv/codec.js';
import type { Tx } from '../../db/tenant.js';
import { AppError } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { checkedResult, type CsvColumnSpec, type ParsedFile, readCsvTable, readUploadWith } from '../module/csv.js';
import { claimUpload, csvExportLink, pageOfRecords, registerCsvExport, uploadReader } from '../module/csv.routes.js';
import { currentPostJoin, type MasterField, type MasterRow, type MasterTable, masterRows, masterTablesOf, openUnits, placeRows, WORKER_MASTER_TABLE } from './masters.js';
import { type ChangedWorker, createPeople, type NewPerson, updateWorkers } from './bulk.js';
import { cleanKana, eventsFor, firstDay, PERSON_COLUMNS, type PersonRow, TYPE_NAME_COLUMN, TYPE_NAME_TABLE, WORKER_COLUMNS, type WorkerRow } from './write.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

const KIND = 'people-import';
/** Rows a file may hold. */
export const MAX_ROWS = 10_000;

const TEXT_MAX: Partial<Record<PersonCsvColumn, number>> = {
  workerNumber: 50,
  familyName: 100,
  givenName: 100,
  middleName: 100,
  personalPhone: 50,
};
const EMAIL_COLUMNS = new Set<PersonCsvColumn>(['email', 'primaryWorkerEmail', 'personalEmail']);
const DATE_COLUMNS = new Set<PersonCsvColumn>(['birthDate', 'joiningDate', 'offerDate', 'contractStartDate', 'contractEndDate']);
/** Reference columns → their master table, by the worker field each fills (typeName: the worker type's). */
const MASTER_COLUMN: Partial<Record<PersonCsvColumn, MasterTable>> = masterTablesOf({
  position: 'positionId',
  jobTitle: 'jobTitleId',
  jobGrade: 'jobGradeId',
  jobLevel: 'jobLevelId',
  jobCompetency: 'jobCompetencyId',
  jobTypes: 'jobTypeIds',
} satisfies Partial<Record<PersonCsvColumn, MasterField>>);
/** Where each column lands. */
const PERSON_OF: Partial<Record<PersonCsvColumn, keyof PersonRow>> = {
  familyName: 'family_name',
  givenName: 'given_name',
  middleName: 'middle_name',
  familyNameKana: 'family_name_kana',
  givenNameKana: 'given_name_kana',
  email: 'email',
  personalEmail: 'personal_email',
  personalPhone: 'personal_phone',
  birthDate: 'birth_date',
  gender: 'gender',
};
const WORKER_OF: Partial<Record<PersonCsvColumn, keyof WorkerRow>> = {
  workerNumber: 'worker_number',
  primaryWorkerEmail: 'primary_email',
  joiningDate: 'started_on',
  offerDate: 'offered_on',
  contractStartDate: 'contract_start_on',
  contractEndDate: 'contract_end_on',
  jobTitle: 'job_title_id',
  jobGrade: 'job_grade_id',
  jobLevel: 'job_level_id',
  jobCompetency: 'job_competency_id',
};

export const columnLabel = (locale: Locale, type: WorkerType, c: PersonCsvColumn) =>
  c === 'typeName' ? t(locale, `personAdd:typeName.${type}`) : t(locale, `personAdd:fields.${c}`);

function columns(locale: Locale, type: WorkerType): CsvColumnSpec[] {
  return PERSON_CSV_COLUMNS.map((name) => ({
    name,
    names: [name, ...LOCALES.map((l) => columnLabel(l, type, name))],
    required: name === 'workerNumber',
    label: columnLabel(locale, type, name),
  }));
}

// ── Look-ups: a cell's text → the row it names ────────────────────────────

type Hit<T> = T | 'ambiguous';
class Index<T extends { id: string }> {
  private map = new Map<string, Hit<T>>();
  constructor(rows: readonly T[], keys: (r: T) => Array<string | null>) {
    for (const r of rows) {
      this.map.set(r.id.toLowerCase(), r);
      for (const k of new Set(keys(r).filter((x): x is string => !!x).map(normalizeHeader))) {
        const had = this.map.get(k);
        this.map.set(k, had && had !== r ? 'ambiguous' : r);
      }
    }
  }
  get(text: string): Hit<T> | undefined {
    return this.map.get(normalizeHeader(text));
  }
}

interface Lookups {
  masters: Map<MasterTable, Index<MasterRow>>;
  units: Index<{ id: string; name: string; code: string | null }>;
  places: Index<{ id: string; name: string; code: string; closed: boolean }>;
  /** Gender by value or label in either language. */
  genders: Map<string, string>;
}

async function lookups(tx: Tx, type: WorkerType, today: string): Promise<Lookups> {
  const masters = new Map<MasterTable, Index<MasterRow>>();
  for (const table of [TYPE_NAME_TABLE[type], ...new Set(Object.values(MASTER_COLUMN))])
    masters.set(table, new Index(await masterRows(tx, table), (r) => [r.name, r.code]));
  const genders = new Map<string, string>();
  for (const g of GENDERS) for (const label of [g, ...LOCALES.map((l) => t(l, `personAdd:enums.gender.${g}`))]) genders.set(normalizeHeader(label), g);
  return {
    masters,
    units: new Index(await openUnits(tx, today), (u) => [u.name, u.code]),
    places: new Index(await placeRows(tx), (p) => [p.name, p.code]),
    genders,
  };
}

// ── The stored state of the workers a file names ──────────────────────────

interface Current {
  workerId: string;
  personId: string;
  workerType: WorkerType;
  person: Record<(typeof PERSON_COLUMNS)[number], string | null>;
  worker: Record<(typeof WORKER_COLUMNS)[number], string | null>;
  unitId: string | null;
  positionId: string | null;
  jobTypeIds: string[];
  placeIds: string[];
}

async function currentOf(tx: Tx, numbers: string[], today: string): Promise<Map<string, Current>> {
  const out = new Map<string, Current>();
  for (let i = 0; i < numbers.length; i += 2000) {
    const batch = numbers.slice(i, i + 2000);
    const r = await sql<Record<string, unknown> & { worker_id: string; person_id: string; worker_type: WorkerType; job_type_ids: string[]; place_ids: string[] }>`
      SELECT w.id AS worker_id, w.person_id, w.worker_type,
        ${sql.join(PERSON_COLUMNS.map((c) => (c === 'birth_date' ? sql`to_char(p.birth_date, 'YYYY-MM-DD') AS p_birth_date` : sql`p.${sql.id(c)} AS ${sql.id(`p_${c}`)}`)))},
        ${sql.join(WORKER_COLUMNS.map((c) => (c.endsWith('_on') ? sql`to_char(w.${sql.id(c)}, 'YYYY-MM-DD') AS ${sql.id(`w_${c}`)}` : sql`w.${sql.id(c)}::text AS ${sql.id(`w_${c}`)}`)))},
        a.unit_id::text AS unit_id, a.position_id::text AS position_id,
        ARRAY(SELECT j.job_type_id::text FROM worker_job_types j WHERE j.worker_id = w.id ORDER BY 1) AS job_type_ids,
        ARRAY(SELECT x.place_id::text FROM worker_places x WHERE x.worker_id = w.id ORDER BY x.is_primary DESC, 1) AS place_ids
      FROM workers w JOIN people p ON p.id = w.person_id
      ${currentPostJoin(today)}
      WHERE lower(w.worker_number) = ANY(${batch}::text[])`.execute(tx);
    for (const row of r.rows) {
      const pick = <C extends string>(prefix: string, cols: readonly C[]) => Object.fromEntries(cols.map((c) => [c, (row[`${prefix}${c}`] as string | null) ?? null])) as Record<C, string | null>;
      out.set(String(row.w_worker_number).toLowerCase(), {
        workerId: row.worker_id,
        personId: row.person_id,
        workerType: row.worker_type,
        person: pick('p_', PERSON_COLUMNS),
        worker: pick('w_', WORKER_COLUMNS),
        unitId: (row.unit_id as string | null) ?? null,
        positionId: (row.position_id as string | null) ?? null,
        jobTypeIds: row.job_type_ids ?? [],
        placeIds: row.place_ids ?? [],
      });
    }
  }
  return out;
}

// ── Checking the rows ─────────────────────────────────────────────────────

/** A row's values by column (present columns only): text, or ids for references. */
type Values = Partial<Record<PersonCsvColumn, string | string[] | null>>;

interface Planned {
  action: 'create' | 'update';
  current: Current | null;
  person: PersonRow;
  worker: WorkerRow;
  unitId: string | null;
  positionId: string | null;
  jobTypeIds: string[];
  placeIds: string[];
}

/** One cell → its value, or an error in the caller's language. */
function convert(locale: Locale, type: WorkerType, column: PersonCsvColumn, raw: string, l: Lookups, today: string): { value: string | string[] | null } | { error: string } {
  const v = normalizeCell(raw);
  if (column === 'workerNumber' || column === 'familyName' || column === 'givenName') {
    if (!v) return { error: t(locale, 'validation.required') };
  }
  if (!v) return { value: column === 'jobTypes' || column === 'places' ? [] : null };
  const max = TEXT_MAX[column];
  if (max !== undefined) return v.length > max ? { error: t(locale, 'validation.tooBigString', { maximum: max }) } : { value: v };
  if (EMAIL_COLUMNS.has(column)) return v.length > 254 || !EMAIL.test(v) ? { error: t(locale, 'validation.email') } : { value: v };
  if (DATE_COLUMNS.has(column)) {
    const d = parseCsvDate(v);
    if (!d) return { error: t(locale, 'personAdd:csv.date') };
    if (column === 'birthDate' && d > today) return { error: t(locale, 'personAdd:errors.birthDateFuture') };
    return { value: d };
  }
  const named = (hit: Hit<{ id: string; disabled?: boolean; closed?: boolean }> | undefined, text: string): { value: string } | { error: string } => {
    if (!hit) return { error: t(locale, 'csv.referenceNotFound', { value: text }) };
    if (hit === 'ambiguous') return { error: t(locale, 'personAdd:csv.ambiguous', { value: text }) };
    if (hit.disabled) return { error: t(locale, 'personAdd:csv.disabled', { value: text }) };
    if (hit.closed) return { error: t(locale, 'personAdd:csv.placeClosed', { value: text }) };
    return { value: hit.id };
  };
  const several = (get: (text: string) => { value: string } | { error: string }) => {
    const ids: string[] = [];
    for (const part of v.split(LIST_SEPARATOR).map((x) => x.trim()).filter(Boolean)) {
      const r = get(part);
      if ('error' in r) return r;
      if (!ids.includes(r.value)) ids.push(r.value);
    }
    return { value: ids };
  };
  switch (column) {
    case 'familyNameKana':
    case 'givenNameKana': {
      const k = cleanKana(v);
      return k === 'invalid' ? { error: t(locale, 'personAdd:errors.kana') } : { value: k };
    }
    case 'gender': {
      const g = l.genders.get(normalizeHeader(v));
      return g ? { value: g } : { error: t(locale, 'validation.invalidValue', { values: GENDERS.map((x) => t(locale, `personAdd:enums.gender.${x}`)).join(', ') }) };
    }
    case 'typeName':
      return named(l.masters.get(TYPE_NAME_TABLE[type])!.get(v), raw.trim());
    case 'department':
      return named(l.units.get(v), raw.trim());
    case 'places':
      return several((x) => named(l.places.get(x), x));
    case 'jobTypes':
      return several((x) => named(l.masters.get(WORKER_MASTER_TABLE.jobTypeIds)!.get(x), x));
    default: {
      const table = MASTER_COLUMN[column];
      return table ? named(l.masters.get(table)!.get(v), raw.trim()) : { value: v };
    }
  }
}

/** The worker and person after the row: its cells over what is stored. */
function resulting(type: WorkerType, v: Values, cur: Current | null): Omit<Planned, 'action' | 'current'> {
  const has = (c: PersonCsvColumn) => c in v;
  const person: PersonRow = { ...(cur?.person ?? {}) };
  const worker: WorkerRow = { ...(cur?.worker ?? {}) };
  for (const [c, col] of Object.entries(PERSON_OF) as Array<[PersonCsvColumn, keyof PersonRow]>) if (has(c)) person[col] = (v[c] as string | null) ?? null;
  for (const [c, col] of Object.entries(WORKER_OF) as Array<[PersonCsvColumn, keyof WorkerRow]>) if (has(c)) worker[col] = (v[c] as string | null) ?? null;
  if (has('typeName')) worker[TYPE_NAME_COLUMN[type]] = (v.typeName as string | null) ?? null;
  // A new person's e-mail defaults to the work e-mail, as on the add page.
  if (!cur && !person.email) person.email = worker.primary_email ?? null;
  return {
    person,
    worker,
    unitId: has('department') ? ((v.department as string | null) ?? null) : (cur?.unitId ?? null),
    positionId: has('position') ? ((v.position as string | null) ?? null) : (cur?.positionId ?? null),
    jobTypeIds: has('jobTypes') ? (v.jobTypes as string[]) : (cur?.jobTypeIds ?? []),
    placeIds: has('places') ? (v.places as string[]) : (cur?.placeIds ?? []),
  };
}

const sameList = (a: readonly string[], b: readonly string[], ordered: boolean) =>
  a.length === b.length && (ordered ? a.every((x, i) => x === b[i]) : [...a].sort().every((x, i) => x === [...b].sort()[i]));

/** What a planned update changes. */
function changesOf(p: Planned) {
  const cur = p.current!;
  const person = Object.fromEntries(PERSON_COLUMNS.filter((c) => (p.person[c] ?? null) !== cur.person[c]).map((c) => [c, p.person[c] ?? null])) as PersonRow;
  const worker = Object.fromEntries(WORKER_COLUMNS.filter((c) => (p.worker[c] ?? null) !== cur.worker[c]).map((c) => [c, p.worker[c] ?? null])) as WorkerRow;
  return {
    person,
    worker,
    assignment: p.unitId !== cur.unitId || (p.unitId !== null && p.positionId !== cur.positionId),
    jobTypes: !sameList(p.jobTypeIds, cur.jobTypeIds, false),
    places: !sameList(p.placeIds, cur.placeIds, true),
  };
}
const changed = (c: ReturnType<typeof changesOf>) => Object.keys(c.person).length > 0 || Object.keys(c.worker).length > 0 || c.assignment || c.jobTypes || c.places;

interface Checked {
  result: {
    headers: ParsedFile['headers'];
    errors: { rows: number; cells: number; headers: number };
    summary: { create: number; update: number; unchanged: number };
    encoding: ParsedFile['encoding'];
  };
  records: CsvRecord[];
  writes: Planned[];
}

async function check(tx: Tx, type: WorkerType, locale: Locale, file: ParsedFile): Promise<Checked> {
  const today = todayInJapan();
  const l = await lookups(tx, type, today);
  const numberCol = file.fields.indexOf('workerNumber');
  const numbers = numberCol < 0 ? [] : [...new Set(file.rows.map((r) => normalizeCell(r[numberCol] ?? '').toLowerCase()).filter(Boolean))];
  const current = await currentOf(tx, numbers, today);
  const typeLabel = (x: WorkerType) => t(locale, `common:workerTypes.${x}`);

  const firstLine = new Map<string, number>();
  const records: CsvRecord[] = [];
  const writes: Planned[] = [];
  const summary = { create: 0, update: 0, unchanged: 0 };
  let errorRows = 0;
  let errorCells = 0;
  const tooMany = file.rows.length > MAX_ROWS;
  file.rows.forEach((cells, index) => {
    const line = file.lines[index] ?? index + 2;
    const values: Values = {};
    const number = numberCol < 0 ? '' : normalizeCell(cells[numberCol] ?? '').toLowerCase();
    const found = number ? current.get(number) : undefined;
    const cur = found && found.workerType === type ? found : null;
    const out = file.headers.slice(0, Math.max(cells.length, file.fields.length)).map((_, c) => {
      const raw = cells[c] ?? '';
      const column = file.fields[c] as PersonCsvColumn | null | undefined;
      const errors: string[] = [];
      if (column) {
        const x = convert(locale, type, column, raw, l, today);
        if ('error' in x) errors.push(x.error);
        else values[column] = x.value;
        if (column === 'workerNumber' && 'value' in x && typeof x.value === 'string') {
          const key = x.value.toLowerCase();
          const earlier = firstLine.get(key);
          if (earlier !== undefined) errors.push(t(locale, 'personAdd:csv.duplicateNumber', { line: earlier }));
          else firstLine.set(key, line);
          if (found && found.workerType !== type) errors.push(t(locale, 'personAdd:csv.otherType', { type: typeLabel(found.workerType) }));
        }
      }
      return { value: raw, errors };
    });
    const recordErrors: string[] = [];
    if (cells.length > file.fields.length) recordErrors.push(t(locale, 'csv.tooManyCells'));
    const r = resulting(type, values, cur);
    if (!cur) {
      for (const c of ['familyName', 'givenName'] as const)
        if (!(c in values) && !file.fields.includes(c)) recordErrors.push(t(locale, 'csv.missingValue', { field: columnLabel(locale, type, c) }));
    }
    const w = r.worker;
    if (!w.started_on && !w.offered_on) recordErrors.push(t(locale, 'personAdd:errors.lifecycleDate'));
    if (w.started_on && w.offered_on && w.offered_on > w.started_on) recordErrors.push(t(locale, 'personAdd:errors.offerAfterJoining'));
    if (w.contract_start_on && w.contract_end_on && w.contract_end_on < w.contract_start_on) recordErrors.push(t(locale, 'personAdd:errors.contractEndBeforeStart'));
    if (r.positionId && !r.unitId) recordErrors.push(t(locale, 'personAdd:errors.positionWithoutDepartment'));
    if (tooMany && index === 0) recordErrors.push(t(locale, 'personAdd:csv.tooManyRows', { maximum: MAX_ROWS }));
    const cellErrors = out.reduce((n, x) => n + x.errors.length, 0);
    errorCells += cellErrors;
    const isValid = cellErrors === 0 && recordErrors.length === 0 && !tooMany;
    if (!isValid) errorRows++;
    const planned: Planned = { action: cur ? 'update' : 'create', current: cur, ...r };
    const action: CsvRecord['action'] = !cur ? 'create' : changed(changesOf(planned)) ? 'update' : 'unchanged';
    if (isValid) {
      summary[action]++;
      if (action !== 'unchanged') writes.push(planned);
    }
    records.push({ line, isValid, action, values: out, recordErrors });
  });
  return {
    result: checkedResult(file, errorRows, errorCells, summary),
    records,
    writes,
  };
}

/** Writes a checked file in the caller's transaction, table by table (./bulk.ts). */
async function apply(tx: Tx, orgId: string, type: WorkerType, writes: Planned[], note: string) {
  const today = todayInJapan();
  const creates: NewPerson[] = writes
    .filter((p) => p.action === 'create')
    .map((p) => ({
      person: p.person,
      workerType: type,
      worker: p.worker,
      jobTypeIds: p.jobTypeIds,
      placeIds: p.placeIds,
      unitId: p.unitId,
      positionId: p.unitId ? p.positionId : null,
      assignFrom: firstDay(p.worker, today),
      events: eventsFor(null, p.worker),
    }));
  const updates: ChangedWorker[] = writes
    .filter((p) => p.action === 'update')
    .map((p) => {
      const cur = p.current!;
      const c = changesOf(p);
      const joins = p.worker.started_on;
      return {
        workerId: cur.workerId,
        personId: cur.personId,
        ...(Object.keys(c.person).length ? { person: p.person } : {}),
        ...(Object.keys(c.worker).length ? { worker: p.worker } : {}),
        ...(c.jobTypes ? { jobTypeIds: p.jobTypeIds } : {}),
        ...(c.places ? { placeIds: p.placeIds } : {}),
        // A move takes effect today, or on the joining date while it is ahead.
        ...(c.assignment ? { assignment: { unitId: p.unitId, positionId: p.positionId, from: joins && joins > today ? joins : today } } : {}),
        events: eventsFor(cur.worker, c.worker),
      };
    });
  await createPeople(tx, orgId, creates, note);
  await updateWorkers(tx, orgId, updates, note);
}

// ── Download: the template or the current people ─────────────────────────

/** One export source per worker type (its header names its type name column). */
for (const type of WORKER_TYPES) {
  registerCsvExport({
    id: `${KIND}.${type}`,
    header: (locale) => PERSON_CSV_COLUMNS.map((c) => columnLabel(locale, type, c)),
    async batch(tx, grant, cursor, limit) {
      const today = todayInJapan();
      const units = await openUnits(tx, today);
      const unitCount = new Map<string, number>();
      for (const u of units) unitCount.set(normalizeHeader(u.name), (unitCount.get(normalizeHeader(u.name)) ?? 0) + 1);
      const unitText = new Map(units.map((u) => [u.id, (unitCount.get(normalizeHeader(u.name)) ?? 0) > 1 && u.code ? u.code : u.name]));
      const typeTable = sql.table(TYPE_NAME_TABLE[type]);
      const typeColumn = sql.ref(`w.${TYPE_NAME_COLUMN[type]}`);
      const r = await sql<Record<string, string | null> & { id: string; unit_id: string | null }>`
        SELECT w.id, w.worker_number, p.family_name, p.given_name, p.middle_name, p.family_name_kana, p.given_name_kana, p.email,
          w.primary_email, p.personal_email, p.personal_phone, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.gender,
          to_char(w.started_on, 'YYYY-MM-DD') AS started_on, to_char(w.offered_on, 'YYYY-MM-DD') AS offered_on,
          to_char(w.contract_start_on, 'YYYY-MM-DD') AS contract_start_on, to_char(w.contract_end_on, 'YYYY-MM-DD') AS contract_end_on,
          (SELECT name FROM ${typeTable} x WHERE x.id = ${typeColumn}) AS type_name,
          a.unit_id::text AS unit_id, (SELECT name FROM positions x WHERE x.id = a.position_id) AS position,
          (SELECT name FROM job_titles x WHERE x.id = w.job_title_id) AS job_title,
          (SELECT name FROM job_grades x WHERE x.id = w.job_grade_id) AS job_grade,
          (SELECT name FROM job_levels x WHERE x.id = w.job_level_id) AS job_level,
          (SELECT name FROM job_competencies x WHERE x.id = w.job_competency_id) AS job_competency,
          (SELECT string_agg(x.name, ${LIST_SEPARATOR} ORDER BY x.name) FROM worker_job_types j JOIN job_types x ON x.id = j.job_type_id WHERE j.worker_id = w.id) AS job_types,
          (SELECT string_agg(x.name, ${LIST_SEPARATOR} ORDER BY j.is_primary DESC, x.name) FROM worker_places j JOIN places x ON x.id = j.place_id WHERE j.worker_id = w.id) AS places
        FROM workers w JOIN people p ON p.id = w.person_id
        ${currentPostJoin(today)}
        WHERE w.worker_type = ${type} AND (${cursor}::uuid IS NULL OR w.id > ${cursor}::uuid)
        ORDER BY w.id LIMIT ${limit}`.execute(tx);
      const loc = grant.loc;
      const cells = r.rows.map((x) => [
        x.worker_number ?? '',
        x.family_name ?? '',
        x.given_name ?? '',
        x.middle_name ?? '',
        x.family_name_kana ?? '',
        x.given_name_kana ?? '',
        x.email ?? '',
        x.primary_email ?? '',
        x.personal_email ?? '',
        x.personal_phone ?? '',
        x.birth_date ?? '',
        x.gender ? t(loc, `personAdd:enums.gender.${x.gender}`) : '',
        x.started_on ?? '',
        x.offered_on ?? '',
        x.contract_start_on ?? '',
        x.contract_end_on ?? '',
        x.type_name ?? '',
        x.unit_id ? (unitText.get(x.unit_id) ?? '') : '',
        x.position ?? '',
        x.job_title ?? '',
        x.job_grade ?? '',
        x.job_level ?? '',
        x.job_competency ?? '',
        x.job_types ?? '',
        x.places ?? '',
      ]);
      return { cells, cursor: r.rows.length < limit ? null : r.rows[r.rows.length - 1]!.id };
    },
  });
}

export function personCsvRoutes(): AnyRoute[] {
  return [
    defineRoute(importPeopleCsv, async ({ params, body }, { tx, auth, locale, deps }) => {
      const type = params.workerType;
      const file = await readUploadWith(`${KIND}\u0000${type}\u0000${locale}\u0000${body.encoding}`, body.uploadedFileKey, uploadReader(deps, auth.orgId, body.uploadedFileKey), (bytes) =>
        readCsvTable(locale, bytes, body.encoding, columns(locale, type)),
      );
      const checked = await check(tx, type, locale, file);
      const { errors } = checked.result;
      let imported = false;
      if (!body.dryrun) {
        if (errors.rows || errors.cells || errors.headers) throw new AppError(400, 'VALIDATION_ERROR', 'csv.hasErrors');
        if (await claimUpload(tx, { orgId: auth.orgId, accountId: auth.accountId, key: body.uploadedFileKey, kind: `${KIND}.${type}`, rows: file.rows.length })) {
          await apply(tx, auth.orgId, type, checked.writes, t(locale, 'personAdd:events.imported'));
        }
        imported = true;
      }
      return { ...checked.result, ...pageOfRecords(checked.records, body), jobId: null, imported };
    }) as AnyRoute,
    defineRoute(exportPeopleCsv, async ({ params, query }, { auth, locale, deps }) => {
      const filename = `${query.mode === 'edit-template' ? 'template-' : ''}people-${workerTypeSlug(params.workerType)}-${todayInJapan()}.csv`;
      return csvExportLink(deps, auth, locale, { source: `${KIND}.${params.workerType}`, mode: query.mode, encoding: query.encoding, q: {}, filename });
    }) as AnyRoute,
  ];
}
