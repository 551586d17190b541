// Writing people and workers: what the add form (POST /v2/people, …/workers),
// the CSV import and the HR sync share, so the three write the same rows the
// same way.
//
//   people                 who someone is (names, kana, birth date, contact)
//   workers                one engagement of a person, with its lifecycle dates
//   worker_job_types       the worker's job types
//   worker_places          the worker's places (the first is primary)
//   worker_assignments     department + position, dated (valid_from … valid_to)
//   worker_lifecycle_events each lifecycle date set, as it was recorded
//
// The audit trail comes from the tables' triggers (0012): each insert and
// update is attributed to the caller and the request. The join tables
// (job types, places) have no trigger of their own; their worker's
// updated_at is touched when they change, so the worker's history shows it.
import { sql } from 'kysely';
import { kanaReading, TYPE_NAME_FIELD, WORKER_TYPES, type WorkerType } from '../../../src/api/contracts/people-lifecycle.js';
import { normalizeCell } from '../../csv/codec.js';
import type { Tx } from '../../db/tenant.js';
import { type MasterTable, WORKER_MASTER_TABLE } from './masters.js';

export const PERSON_COLUMNS = [
  'family_name',
  'given_name',
  'middle_name',
  'family_name_kana',
  'given_name_kana',
  'email',
  'birth_date',
  'gender',
  'personal_email',
  'personal_phone',
  'postal_code',
  'address',
] as const;
export type PersonColumn = (typeof PERSON_COLUMNS)[number];
export type PersonRow = Partial<Record<PersonColumn, string | null>>;

export const WORKER_COLUMNS = [
  'worker_number',
  'primary_email',
  'employment_type_id',
  'board_member_type_id',
  'contractor_type_id',
  'collaborator_type_id',
  'job_title_id',
  'job_grade_id',
  'job_level_id',
  'job_competency_id',
  'contract_start_on',
  'contract_end_on',
  'started_on',
  'offered_on',
] as const;
export type WorkerColumn = (typeof WORKER_COLUMNS)[number];
export type WorkerRow = Partial<Record<WorkerColumn, string | null>>;

/** The worker column of each worker type's type name (spec 3). */
export const TYPE_NAME_COLUMN: Readonly<Record<WorkerType, WorkerColumn>> = {
  EMPLOYEE: 'employment_type_id',
  BOARD_MEMBER: 'board_member_type_id',
  CONTRACTOR: 'contractor_type_id',
  COLLABORATOR: 'collaborator_type_id',
};
/** Its master table (that of its field, TYPE_NAME_FIELD). */
export const TYPE_NAME_TABLE = Object.fromEntries(
  WORKER_TYPES.map((type) => [type, WORKER_MASTER_TABLE[TYPE_NAME_FIELD[type]]]),
) as Readonly<Record<WorkerType, MasterTable>>;

/** Text as every write path stores it (server/csv/codec.ts normalizeCell); empty is null. */
export const cleanText = (v: string | null | undefined): string | null => (v == null ? null : normalizeCell(v) || null);

/** A kana reading as stored (full-width katakana), or 'invalid'; empty is null. */
export function cleanKana(v: string | null | undefined): string | null | 'invalid' {
  const s = cleanText(v);
  if (s === null) return null;
  return kanaReading(s) ?? 'invalid';
}

const cols = (values: Record<string, unknown>, allowed: readonly string[]) => Object.entries(values).filter(([k, v]) => allowed.includes(k) && v !== undefined);

export async function insertPerson(tx: Tx, orgId: string, values: PersonRow): Promise<string> {
  const c = cols(values, PERSON_COLUMNS);
  const r = await sql<{ id: string }>`INSERT INTO people (org_id, ${sql.join(c.map(([k]) => sql.id(k)))})
    VALUES (${orgId}, ${sql.join(c.map(([k, v]) => (k === 'birth_date' ? sql`${v}::date` : sql`${v}`)))}) RETURNING id`.execute(tx);
  return r.rows[0]!.id;
}

export async function updatePerson(tx: Tx, personId: string, values: PersonRow): Promise<void> {
  const c = cols(values, PERSON_COLUMNS);
  if (!c.length) return;
  await sql`UPDATE people SET ${sql.join(c.map(([k, v]) => sql`${sql.id(k)} = ${v}`))}, updated_at = now() WHERE id = ${personId}`.execute(tx);
}

const DATE_COLUMNS = new Set(['contract_start_on', 'contract_end_on', 'started_on', 'offered_on']);
const workerValue = (k: string, v: unknown) => (DATE_COLUMNS.has(k) ? sql`${v}::date` : sql`${v}`);

export async function insertWorker(tx: Tx, orgId: string, personId: string, workerType: WorkerType, values: WorkerRow): Promise<string> {
  const c = cols(values, WORKER_COLUMNS);
  const r = await sql<{ id: string }>`INSERT INTO workers (org_id, person_id, worker_type${sql.join(
    c.map(([k]) => sql`, ${sql.id(k)}`),
    sql``,
  )}) VALUES (${orgId}, ${personId}, ${workerType}${sql.join(
    c.map(([k, v]) => sql`, ${workerValue(k, v)}`),
    sql``,
  )}) RETURNING id`.execute(tx);
  return r.rows[0]!.id;
}

export async function updateWorker(tx: Tx, workerId: string, values: WorkerRow): Promise<void> {
  const c = cols(values, WORKER_COLUMNS);
  if (!c.length) return;
  await sql`UPDATE workers SET ${sql.join(c.map(([k, v]) => sql`${sql.id(k)} = ${workerValue(k, v)}`))}, updated_at = now() WHERE id = ${workerId}`.execute(tx);
}

/** Replaces the worker's job types. */
export async function setJobTypes(tx: Tx, orgId: string, workerId: string, ids: readonly string[], touch = false): Promise<void> {
  await sql`DELETE FROM worker_job_types WHERE worker_id = ${workerId}`.execute(tx);
  if (ids.length)
    await sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id)
      SELECT ${orgId}, ${workerId}, x FROM unnest(${[...new Set(ids)]}::uuid[]) AS x`.execute(tx);
  if (touch) await sql`UPDATE workers SET updated_at = now() WHERE id = ${workerId}`.execute(tx);
}

/** Replaces the worker's places; the first is primary. */
export async function setPlaces(tx: Tx, orgId: string, workerId: string, ids: readonly string[], touch = false): Promise<void> {
  await sql`DELETE FROM worker_places WHERE worker_id = ${workerId}`.execute(tx);
  const unique = [...new Set(ids)];
  if (unique.length)
    await sql`INSERT INTO worker_places (org_id, worker_id, place_id, is_primary)
      SELECT ${orgId}, ${workerId}, x, o = 1 FROM unnest(${unique}::uuid[]) WITH ORDINALITY AS t(x, o)`.execute(tx);
  if (touch) await sql`UPDATE workers SET updated_at = now() WHERE id = ${workerId}`.execute(tx);
}

/** The worker's primary membership from `from` on: the open one ends the day
 * before (valid_to = from, exclusive), one that would only have begun later
 * is dropped, and the new one (unless unitId is null) starts on `from`. */
export async function moveAssignment(tx: Tx, orgId: string, workerId: string, unitId: string | null, positionId: string | null, from: string): Promise<void> {
  await sql`DELETE FROM worker_assignments WHERE worker_id = ${workerId} AND is_primary AND valid_from >= ${from}::date`.execute(tx);
  await sql`UPDATE worker_assignments SET valid_to = ${from}::date, updated_at = now()
    WHERE worker_id = ${workerId} AND is_primary AND valid_from < ${from}::date AND (valid_to IS NULL OR valid_to > ${from}::date)`.execute(tx);
  if (unitId)
    await sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, is_primary, valid_from)
      VALUES (${orgId}, ${workerId}, ${unitId}, ${positionId}, true, ${from}::date)`.execute(tx);
}

export type LifecycleEvent = { stage: 'OFFERED' | 'ACTIVE'; on: string };

/** The lifecycle events of dates just set (offer, joining). */
export async function recordEvents(tx: Tx, orgId: string, workerId: string, events: readonly LifecycleEvent[], note: string): Promise<void> {
  for (const e of events)
    await sql`INSERT INTO worker_lifecycle_events (org_id, worker_id, stage, effective_on, note)
      VALUES (${orgId}, ${workerId}, ${e.stage}, ${e.on}::date, ${note})`.execute(tx);
}

/** Events for a worker's offer and joining dates that are new or moved. */
export function eventsFor(before: { offered_on?: string | null; started_on?: string | null } | null, after: WorkerRow): LifecycleEvent[] {
  const out: LifecycleEvent[] = [];
  if (after.offered_on && after.offered_on !== before?.offered_on) out.push({ stage: 'OFFERED', on: after.offered_on });
  if (after.started_on && after.started_on !== before?.started_on) out.push({ stage: 'ACTIVE', on: after.started_on });
  return out;
}

/** The day a new worker's first membership starts: the joining date, else the offer date's day, else today. */
export const firstDay = (w: WorkerRow, today: string) => w.started_on ?? w.offered_on ?? today;

/** Another worker already holds the number (case-insensitive), other than `exceptWorkerId`. */
export async function workerNumberTaken(tx: Tx, number: string, exceptWorkerId: string | null = null): Promise<boolean> {
  const r = await sql`SELECT 1 FROM workers WHERE lower(worker_number) = lower(${number})
    AND (${exceptWorkerId}::uuid IS NULL OR id <> ${exceptWorkerId}::uuid) LIMIT 1`.execute(tx);
  return r.rows.length > 0;
}

/** PostgreSQL's unique violation on the worker number (a race the pre-check missed). */
export const isWorkerNumberViolation = (err: unknown) => {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === 'workers_worker_number';
};
