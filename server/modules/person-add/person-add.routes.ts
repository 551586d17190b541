// Adding people through the API (issue 7; all beyond the spec, which shows
// the pages only; what the add form chooses from is GET /v2/worker-field-options,
// server/modules/person/profile.ts, shared with the employee-information form):
//   POST /v2/people                      a person and their first worker record
//   POST /v2/people/{personId}/workers   another worker record for a person
//
// Decisions, for the next engineer:
// - A worker starts its lifecycle with a joining date (active from that day)
//   or an offer date (offered, not joined yet); at least one is required, and
//   each date set records a worker_lifecycle_events row.
// - The type name must fit the worker type (employment type for an employee,
//   board member type for a board member…); another type's is a field error.
// - References must be visible rows of the organisation and enabled (a
//   disabled master row, a closed place or a department closed on the first
//   day is refused with its own message). All field errors come at once.
// - The department and position are a worker_assignments row from the
//   joining date (else the offer date, else today).
// - The person's e-mail defaults to the primary worker e-mail, so account
//   matching (software) finds the new person by either.
// - A person may hold several worker records, but not two current ones of
//   one type (a second employee record while the first has not ended).
import { sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import { addWorker, createPerson, WorkerFields } from '../../../src/api/contracts/person-add.js';
import { TYPE_NAME_FIELD } from '../../../src/api/contracts/people-lifecycle.js';
import type { z } from 'zod';
import type { Tx } from '../../db/tenant.js';
import { AppError, fieldError, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { personCsvRoutes } from './csv.js';
import { hrSyncRoutes } from './hr-sync.js';
import { type MasterField, type MasterTable, mastersById, placeRows, WORKER_MASTER_TABLE } from './masters.js';
import {
  cleanKana,
  cleanText,
  eventsFor,
  firstDay,
  insertPerson,
  insertWorker,
  isWorkerNumberViolation,
  moveAssignment,
  type PersonRow,
  recordEvents,
  setJobTypes,
  setPlaces,
  TYPE_NAME_COLUMN,
  TYPE_NAME_TABLE,
  type WorkerRow,
  workerNumberTaken,
} from './write.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

type Worker = z.output<typeof WorkerFields>;
type Errors = Record<string, string[]>;
const push = (e: Errors, field: string, key: string) => void (e[field] ??= []).push(key);

/** Single references of a worker body (besides the type name): field → master table. */
const SINGLE_REFS: ReadonlyArray<readonly [keyof Worker, MasterTable]> = (
  ['jobTitleId', 'jobGradeId', 'jobLevelId', 'jobCompetencyId', 'positionId'] as const satisfies ReadonlyArray<keyof Worker & MasterField>
).map((field) => [field, WORKER_MASTER_TABLE[field]]);

/** The worker's row as stored, from a checked body. */
function workerRow(w: Worker): WorkerRow {
  return {
    worker_number: cleanText(w.workerNumber),
    primary_email: cleanText(w.primaryWorkerEmail),
    [TYPE_NAME_COLUMN[w.workerType]]: w[TYPE_NAME_FIELD[w.workerType]] ?? null,
    job_title_id: w.jobTitleId ?? null,
    job_grade_id: w.jobGradeId ?? null,
    job_level_id: w.jobLevelId ?? null,
    job_competency_id: w.jobCompetencyId ?? null,
    contract_start_on: w.contractStartDate ?? null,
    contract_end_on: w.contractEndDate ?? null,
    started_on: w.joiningDate ?? null,
    offered_on: w.offerDate ?? null,
  };
}

/** Every rule of a worker body beyond its schema, collected into `errors`. */
async function checkWorker(tx: Tx, w: Worker, personId: string | null, today: string, errors: Errors) {
  for (const [type, field] of Object.entries(TYPE_NAME_FIELD)) if (type !== w.workerType && w[field]) push(errors, field, 'personAdd:errors.notForType');
  if (!w.joiningDate && !w.offerDate) push(errors, 'joiningDate', 'personAdd:errors.lifecycleDate');
  if (w.joiningDate && w.offerDate && w.offerDate > w.joiningDate) push(errors, 'offerDate', 'personAdd:errors.offerAfterJoining');
  if (w.contractStartDate && w.contractEndDate && w.contractEndDate < w.contractStartDate) push(errors, 'contractEndDate', 'personAdd:errors.contractEndBeforeStart');
  if (w.positionId && !w.departmentId) push(errors, 'positionId', 'personAdd:errors.positionWithoutDepartment');
  const number = cleanText(w.workerNumber);
  if (number && (await workerNumberTaken(tx, number))) push(errors, 'workerNumber', 'personAdd:errors.workerNumberTaken');

  const refs: Array<readonly [string, MasterTable, string]> = [];
  const typeField = TYPE_NAME_FIELD[w.workerType];
  const typeId = w[typeField];
  if (typeId) refs.push([typeField, TYPE_NAME_TABLE[w.workerType], typeId]);
  for (const [field, table] of SINGLE_REFS) {
    const v = w[field];
    if (typeof v === 'string') refs.push([field, table, v]);
  }
  for (const [field, table, id] of refs) {
    const row = (await mastersById(tx, table, [id])).get(id);
    if (!row) push(errors, field, 'validation.reference');
    else if (row.disabled) push(errors, field, 'personAdd:errors.disabled');
  }
  if (w.jobTypeIds.length) {
    const rows = await mastersById(tx, WORKER_MASTER_TABLE.jobTypeIds, w.jobTypeIds);
    if (w.jobTypeIds.some((id) => !rows.has(id))) push(errors, 'jobTypeIds', 'validation.reference');
    else if ([...rows.values()].some((r) => r.disabled)) push(errors, 'jobTypeIds', 'personAdd:errors.disabled');
  }
  if (w.placeIds.length) {
    const rows = new Map((await placeRows(tx, w.placeIds)).map((p) => [p.id, p]));
    if (w.placeIds.some((id) => !rows.has(id))) push(errors, 'placeIds', 'validation.reference');
    else if ([...rows.values()].some((p) => p.closed)) push(errors, 'placeIds', 'personAdd:errors.placeClosed');
  }
  if (w.departmentId) {
    const day = firstDay(workerRow(w), today);
    const r = await sql<{ open: boolean }>`SELECT EXISTS (SELECT 1 FROM org_unit_versions v WHERE v.unit_id = u.id
        AND v.valid_from <= ${day}::date AND (v.valid_to IS NULL OR v.valid_to > ${day}::date)) AS open
      FROM org_units u WHERE u.id = ${w.departmentId}`.execute(tx);
    if (!r.rows[0]) push(errors, 'departmentId', 'validation.reference');
    else if (!r.rows[0].open) push(errors, 'departmentId', 'personAdd:errors.departmentClosed');
  }
  if (personId) {
    const day = firstDay(workerRow(w), today);
    const current = await sql`SELECT 1 FROM workers WHERE person_id = ${personId} AND worker_type = ${w.workerType}
      AND (ended_on IS NULL OR ended_on >= ${day}::date) LIMIT 1`.execute(tx);
    if (current.rows.length) push(errors, 'workerType', 'personAdd:errors.alreadyCurrent');
  }
}

function throwIfAny(errors: Errors) {
  if (Object.keys(errors).length) throw new AppError(400, 'VALIDATION_ERROR', 'VALIDATION_ERROR', {}, errors);
}

/** Writes a checked worker for a person: the row, its job types, places, membership and lifecycle events. */
export async function writeWorker(tx: Tx, orgId: string, personId: string, w: Worker, today: string, note: string): Promise<string> {
  const row = workerRow(w);
  let workerId: string;
  try {
    workerId = await insertWorker(tx, orgId, personId, w.workerType, row);
  } catch (err) {
    if (isWorkerNumberViolation(err)) throw fieldError('workerNumber', 'personAdd:errors.workerNumberTaken');
    throw err;
  }
  await setJobTypes(tx, orgId, workerId, w.jobTypeIds);
  await setPlaces(tx, orgId, workerId, w.placeIds);
  if (w.departmentId) await moveAssignment(tx, orgId, workerId, w.departmentId, w.positionId ?? null, firstDay(row, today));
  await recordEvents(tx, orgId, workerId, eventsFor(null, row), note);
  return workerId;
}

const eventNote = (locale: Locale) => t(locale, 'personAdd:events.added');

/** Every route of adding people: the API, the CSV import and the HR sync (one line in server/routes.ts). */
export function personAddRoutes(): AnyRoute[] {
  return [...addRoutes(), ...personCsvRoutes(), ...hrSyncRoutes()];
}

function addRoutes(): AnyRoute[] {
  return [
    defineRoute(createPerson, async ({ body }, { tx, auth, locale }) => {
      const today = todayInJapan();
      const errors: Errors = {};
      const person: PersonRow = {
        family_name: cleanText(body.familyName),
        given_name: cleanText(body.givenName),
        middle_name: cleanText(body.middleName),
        email: cleanText(body.email) ?? cleanText(body.primaryWorkerEmail),
        birth_date: body.birthDate ?? null,
        gender: body.gender ?? null,
        personal_email: cleanText(body.personalEmail),
        personal_phone: cleanText(body.personalPhone),
        postal_code: cleanText(body.postalCode),
        address: cleanText(body.address),
      };
      for (const [field, column] of [
        ['familyNameKana', 'family_name_kana'],
        ['givenNameKana', 'given_name_kana'],
      ] as const) {
        const k = cleanKana(body[field]);
        if (k === 'invalid') push(errors, field, 'personAdd:errors.kana');
        else person[column] = k;
      }
      if (body.birthDate && body.birthDate > today) push(errors, 'birthDate', 'personAdd:errors.birthDateFuture');
      await checkWorker(tx, body, null, today, errors);
      throwIfAny(errors);
      const id = await insertPerson(tx, auth.orgId, person);
      const workerId = await writeWorker(tx, auth.orgId, id, body, today, eventNote(locale));
      return { id, workerId };
    }) as AnyRoute,

    defineRoute(addWorker, async ({ params, body }, { tx, auth, locale }) => {
      const today = todayInJapan();
      const found = await sql`SELECT 1 FROM people WHERE id = ${params.personId}`.execute(tx);
      if (!found.rows.length) throw notFound('PERSON_NOT_FOUND');
      const errors: Errors = {};
      await checkWorker(tx, body, params.personId, today, errors);
      throwIfAny(errors);
      const id = await writeWorker(tx, auth.orgId, params.personId, body, today, eventNote(locale));
      await sql`UPDATE people SET updated_at = now() WHERE id = ${params.personId}`.execute(tx);
      return { id, personId: params.personId };
    }) as AnyRoute,
  ];
}
