// Writing many people at once (the CSV import, the HR sync): the rows of
// ./write.ts, but each table in a few set-based statements per chunk
// (jsonb_to_recordset), with ids made here so a person, their worker and the
// worker's rows can be written table by table. One statement is a round trip;
// a row's handful of statements times thousands of rows was most of an
// import's time (5,000 new people: ~50 s row by row).
import crypto from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { WorkerType } from '../../../src/api/contracts/people-lifecycle.js';
import type { Tx } from '../../db/tenant.js';
import { type LifecycleEvent, PERSON_COLUMNS, type PersonRow, WORKER_COLUMNS, type WorkerRow } from './write.js';

const CHUNK = 2000;

/** A person and their first worker, with everything the worker holds. */
export interface NewPerson {
  person: PersonRow;
  workerType: WorkerType;
  worker: WorkerRow;
  jobTypeIds: readonly string[];
  placeIds: readonly string[];
  /** The primary membership from `assignFrom`, when unitId is set. */
  unitId: string | null;
  positionId: string | null;
  assignFrom: string;
  events: readonly LifecycleEvent[];
}

/** A worker and its person changed: each part given is written whole. */
export interface ChangedWorker {
  workerId: string;
  personId: string;
  /** Every person column as it will be. */
  person?: PersonRow;
  /** Every worker column as it will be. */
  worker?: WorkerRow;
  jobTypeIds?: readonly string[];
  placeIds?: readonly string[];
  /** The primary membership moves from `from` (unitId null: ends there). */
  assignment?: { unitId: string | null; positionId: string | null; from: string };
  events: readonly LifecycleEvent[];
}

const PERSON_TYPES: Readonly<Record<string, string>> = { birth_date: 'date' };
const WORKER_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  WORKER_COLUMNS.map((c) => [c, c.endsWith('_id') ? 'uuid' : c.endsWith('_on') ? 'date' : 'text']),
);
/** `AS x(id uuid, a text, …)` for a record set of these columns. */
const recordset = (cols: readonly string[], types: Readonly<Record<string, string>>, extra: readonly string[] = []) =>
  sql.raw(`AS x(${[...extra, ...cols.map((c) => `${c} ${types[c] ?? 'text'}`)].join(', ')})`);

async function chunked<T>(rows: readonly T[], write: (json: string) => RawBuilder<unknown>, tx: Tx) {
  for (let k = 0; k < rows.length; k += CHUNK) await write(JSON.stringify(rows.slice(k, k + CHUNK))).execute(tx);
}

const personCols = sql.join(PERSON_COLUMNS.map((c) => sql.id(c)));
const personVals = sql.join(PERSON_COLUMNS.map((c) => sql.ref(`x.${c}`)));
const workerCols = sql.join(WORKER_COLUMNS.map((c) => sql.id(c)));
const workerVals = sql.join(WORKER_COLUMNS.map((c) => sql.ref(`x.${c}`)));

/** The rows every worker of a batch holds: job types, places, memberships, events. */
async function workerRows(
  tx: Tx,
  orgId: string,
  items: ReadonlyArray<{ workerId: string; jobTypeIds?: readonly string[] | undefined; placeIds?: readonly string[] | undefined; events: readonly LifecycleEvent[] }>,
  assignments: ReadonlyArray<{ w: string; unit: string | null; position: string | null; from: string }>,
  note: string,
) {
  const jobTypes = items.flatMap((i) => [...new Set(i.jobTypeIds ?? [])].map((j) => ({ w: i.workerId, j })));
  const places = items.flatMap((i) => [...new Set(i.placeIds ?? [])].map((p, n) => ({ w: i.workerId, p, primary: n === 0 })));
  const events = items.flatMap((i) => i.events.map((e) => ({ w: i.workerId, stage: e.stage, on: e.on })));
  await chunked(jobTypes, (json) => sql`INSERT INTO worker_job_types (org_id, worker_id, job_type_id)
    SELECT ${orgId}, x.w, x.j FROM jsonb_to_recordset(${json}::jsonb) AS x(w uuid, j uuid)`, tx);
  await chunked(places, (json) => sql`INSERT INTO worker_places (org_id, worker_id, place_id, is_primary)
    SELECT ${orgId}, x.w, x.p, x.primary FROM jsonb_to_recordset(${json}::jsonb) AS x(w uuid, p uuid, "primary" boolean)`, tx);
  // A membership's move: what began on or after the day goes, the open one ends that day, the new one starts.
  await chunked(assignments, (json) => sql`DELETE FROM worker_assignments a USING jsonb_to_recordset(${json}::jsonb) AS x(w uuid, "from" date)
    WHERE a.worker_id = x.w AND a.is_primary AND a.valid_from >= x."from"`, tx);
  await chunked(assignments, (json) => sql`UPDATE worker_assignments a SET valid_to = x."from", updated_at = now()
    FROM jsonb_to_recordset(${json}::jsonb) AS x(w uuid, "from" date)
    WHERE a.worker_id = x.w AND a.is_primary AND a.valid_from < x."from" AND (a.valid_to IS NULL OR a.valid_to > x."from")`, tx);
  await chunked(assignments.filter((a) => a.unit), (json) => sql`INSERT INTO worker_assignments (org_id, worker_id, unit_id, position_id, is_primary, valid_from)
    SELECT ${orgId}, x.w, x.unit, x.position, true, x."from" FROM jsonb_to_recordset(${json}::jsonb) AS x(w uuid, unit uuid, position uuid, "from" date)`, tx);
  await chunked(events, (json) => sql`INSERT INTO worker_lifecycle_events (org_id, worker_id, stage, effective_on, note)
    SELECT ${orgId}, x.w, x.stage, x.on, ${note} FROM jsonb_to_recordset(${json}::jsonb) AS x(w uuid, stage text, "on" date)`, tx);
}

/** Creates the people and their workers; returns the new worker ids in order. */
export async function createPeople(tx: Tx, orgId: string, rows: readonly NewPerson[], note: string): Promise<string[]> {
  const made = rows.map((r) => ({ personId: crypto.randomUUID(), workerId: crypto.randomUUID(), r }));
  await chunked(
    made.map(({ personId, r }) => ({ id: personId, ...Object.fromEntries(PERSON_COLUMNS.map((c) => [c, r.person[c] ?? null])) })),
    (json) => sql`INSERT INTO people (id, org_id, ${personCols})
      SELECT x.id, ${orgId}, ${personVals} FROM jsonb_to_recordset(${json}::jsonb) ${recordset(PERSON_COLUMNS, PERSON_TYPES, ['id uuid'])}`,
    tx,
  );
  await chunked(
    made.map(({ personId, workerId, r }) => ({ id: workerId, person_id: personId, worker_type: r.workerType, ...Object.fromEntries(WORKER_COLUMNS.map((c) => [c, r.worker[c] ?? null])) })),
    (json) => sql`INSERT INTO workers (id, org_id, person_id, worker_type, ${workerCols})
      SELECT x.id, ${orgId}, x.person_id, x.worker_type, ${workerVals}
      FROM jsonb_to_recordset(${json}::jsonb) ${recordset(WORKER_COLUMNS, WORKER_TYPES, ['id uuid', 'person_id uuid', 'worker_type text'])}`,
    tx,
  );
  await workerRows(
    tx,
    orgId,
    made.map(({ workerId, r }) => ({ workerId, jobTypeIds: r.jobTypeIds, placeIds: r.placeIds, events: r.events })),
    made.flatMap(({ workerId, r }) => (r.unitId ? [{ w: workerId, unit: r.unitId, position: r.positionId, from: r.assignFrom }] : [])),
    note,
  );
  return made.map((m) => m.workerId);
}

/** Writes changed workers and their people. */
export async function updateWorkers(tx: Tx, orgId: string, rows: readonly ChangedWorker[], note: string): Promise<void> {
  const people = rows.filter((r) => r.person);
  await chunked(
    people.map((r) => ({ id: r.personId, ...Object.fromEntries(PERSON_COLUMNS.map((c) => [c, r.person![c] ?? null])) })),
    (json) => sql`UPDATE people p SET ${sql.join(PERSON_COLUMNS.map((c) => sql`${sql.id(c)} = ${sql.ref(`x.${c}`)}`))}, updated_at = now()
      FROM jsonb_to_recordset(${json}::jsonb) ${recordset(PERSON_COLUMNS, PERSON_TYPES, ['id uuid'])} WHERE p.id = x.id`,
    tx,
  );
  const workers = rows.filter((r) => r.worker);
  await chunked(
    workers.map((r) => ({ id: r.workerId, ...Object.fromEntries(WORKER_COLUMNS.map((c) => [c, r.worker![c] ?? null])) })),
    (json) => sql`UPDATE workers w SET ${sql.join(WORKER_COLUMNS.map((c) => sql`${sql.id(c)} = ${sql.ref(`x.${c}`)}`))}, updated_at = now()
      FROM jsonb_to_recordset(${json}::jsonb) ${recordset(WORKER_COLUMNS, WORKER_TYPES, ['id uuid'])} WHERE w.id = x.id`,
    tx,
  );
  // Job types and places are replaced; their worker's history shows the change through updated_at.
  const listed = rows.filter((r) => r.jobTypeIds || r.placeIds);
  const jobTypeOwners = rows.filter((r) => r.jobTypeIds).map((r) => r.workerId);
  const placeOwners = rows.filter((r) => r.placeIds).map((r) => r.workerId);
  if (jobTypeOwners.length) await sql`DELETE FROM worker_job_types WHERE worker_id = ANY(${jobTypeOwners}::uuid[])`.execute(tx);
  if (placeOwners.length) await sql`DELETE FROM worker_places WHERE worker_id = ANY(${placeOwners}::uuid[])`.execute(tx);
  const touched = listed.filter((r) => !r.worker).map((r) => r.workerId);
  if (touched.length) await sql`UPDATE workers SET updated_at = now() WHERE id = ANY(${touched}::uuid[])`.execute(tx);
  await workerRows(
    tx,
    orgId,
    rows.map((r) => ({ workerId: r.workerId, jobTypeIds: r.jobTypeIds, placeIds: r.placeIds, events: r.events })),
    rows.flatMap((r) => (r.assignment ? [{ w: r.workerId, unit: r.assignment.unitId, position: r.assignment.unitId ? r.assignment.positionId : null, from: r.assignment.from }] : [])),
    note,
  );
}
