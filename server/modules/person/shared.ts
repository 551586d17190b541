// What the profile's handlers share: the person and their workers with the
// stage of a day, the names referenced ids stand for, and the audit trail's
// changes turned into readable field changes.
import { sql } from 'kysely';
import { type LifecycleDates, type WorkerSummary, nextStages, recordedStage } from '../../../src/api/contracts/person.js';
import type { AuditChange } from '../../../src/api/contracts/person.js';
import { PEOPLE_MASTER_TABLES, type WorkerType } from '../../db/schema.js';
import type { Tx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';


export interface PersonRow {
  id: string;
  family_name: string;
  given_name: string;
  middle_name: string | null;
  family_name_kana: string | null;
  given_name_kana: string | null;
  email: string | null;
  avatar_url: string | null;
  birth_date: string | null;
  gender: 'MALE' | 'FEMALE' | 'OTHER' | 'UNANSWERED' | null;
  personal_email: string | null;
  personal_phone: string | null;
  postal_code: string | null;
  address: string | null;
}

export const fullName = (p: { family_name: string; given_name: string }) => `${p.family_name} ${p.given_name}`;

/** The person (of the caller's organisation: RLS), or 404. */
export async function personOf(tx: Tx, personId: string): Promise<PersonRow> {
  const p = (
    await sql<PersonRow>`SELECT id, family_name, given_name, middle_name, family_name_kana, given_name_kana, email, avatar_url,
      birth_date, gender, personal_email, personal_phone, postal_code, address FROM people WHERE id = ${personId}`.execute(tx)
  ).rows[0];
  if (!p) throw notFound();
  return p;
}

export interface WorkerRow {
  id: string;
  person_id: string;
  worker_type: WorkerType;
  worker_number: string | null;
  primary_email: string | null;
  offered_on: string | null;
  offer_accepted_on: string | null;
  joining_confirmed_on: string | null;
  started_on: string | null;
  leaving_notified_on: string | null;
  ended_on: string | null;
  stage: WorkerSummary['stage'];
  is_current: boolean;
}

/** Workers with their stage on `day`: current first, then the latest joined. */
export function workerSelect(day: string) {
  return sql`SELECT w.id, w.person_id, w.worker_type, w.worker_number, w.primary_email, w.offered_on, w.offer_accepted_on, w.joining_confirmed_on,
      w.started_on, w.leaving_notified_on, w.ended_on, worker_stage(w, ${day}::date) AS stage,
      (w.ended_on IS NULL OR w.ended_on >= ${day}::date) AS is_current
    FROM workers w`;
}
const workerOrder = (day: string) => sql`ORDER BY (w.ended_on IS NULL OR w.ended_on >= ${day}::date) DESC, w.started_on DESC NULLS FIRST, w.created_at DESC, w.id`;

export async function workersOf(tx: Tx, personId: string, day = todayInJapan()): Promise<WorkerRow[]> {
  return (await sql<WorkerRow>`${workerSelect(day)} WHERE w.person_id = ${personId} ${workerOrder(day)}`.execute(tx)).rows;
}

export async function workerOf(tx: Tx, workerId: string, day = todayInJapan()): Promise<WorkerRow> {
  const w = (await sql<WorkerRow>`${workerSelect(day)} WHERE w.id = ${workerId}`.execute(tx)).rows[0];
  if (!w) throw notFound();
  return w;
}

export const datesOf = (w: WorkerRow): LifecycleDates => ({
  offeredOn: w.offered_on,
  offerAcceptedOn: w.offer_accepted_on,
  joiningConfirmedOn: w.joining_confirmed_on,
  startedOn: w.started_on,
  leavingNotifiedOn: w.leaving_notified_on,
  endedOn: w.ended_on,
});

export function workerSummary(w: WorkerRow): WorkerSummary {
  const dates = datesOf(w);
  return {
    workerId: w.id,
    workerType: w.worker_type,
    workerNumber: w.worker_number,
    primaryEmail: w.primary_email,
    stage: w.stage,
    recordedStage: recordedStage(dates),
    isCurrent: w.is_current,
    nextStages: nextStages(dates),
    dates,
  };
}

/** Alumni: has workers, and none of them is current. */
export const isAlumni = (workers: readonly WorkerRow[]) => workers.length > 0 && workers.every((w) => !w.is_current);

/** Account ids → the name of their person (else the account's e-mail). */
export async function actorNames(tx: Tx, accountIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(accountIds.filter((x): x is string => !!x))];
  if (!ids.length) return new Map();
  const r = await sql<{ id: string; name: string }>`SELECT a.id, coalesce(p.family_name || ' ' || p.given_name, a.email) AS name
    FROM accounts a LEFT JOIN people p ON p.id = a.person_id WHERE a.id = ANY(${ids}::uuid[])`.execute(tx);
  return new Map(r.rows.map((x) => [x.id, x.name]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The names ids stand for: people master data, units (their name today), places, devices, equipment, integrations, people. */
export async function labelsOf(tx: Tx, ids: Iterable<string>, day = todayInJapan()): Promise<Map<string, string>> {
  const list = [...new Set([...ids].filter((x) => UUID.test(x)))];
  if (!list.length) return new Map();
  const arr = sql`${list}::uuid[]`;
  const parts = [
    ...PEOPLE_MASTER_TABLES.map((t) => sql`SELECT id, name FROM ${sql.table(t)} WHERE id = ANY(${arr})`),
    sql`SELECT DISTINCT ON (unit_id) unit_id AS id, name FROM org_unit_versions WHERE unit_id = ANY(${arr})
      ORDER BY unit_id, (valid_from <= ${day}::date AND (valid_to IS NULL OR valid_to > ${day}::date)) DESC, valid_from DESC`,
    sql`SELECT id, name FROM places WHERE id = ANY(${arr})`,
    sql`SELECT id, name FROM devices WHERE id = ANY(${arr})`,
    sql`SELECT id, name FROM equipment WHERE id = ANY(${arr})`,
    sql`SELECT id, name FROM equipment_types WHERE id = ANY(${arr})`,
    sql`SELECT id, name FROM app_integrations WHERE id = ANY(${arr})`,
    sql`SELECT id, family_name || ' ' || given_name FROM people WHERE id = ANY(${arr})`,
    sql`SELECT w.id, p.family_name || ' ' || p.given_name FROM workers w JOIN people p ON p.id = w.person_id WHERE w.id = ANY(${arr})`,
  ];
  const r = await sql<{ id: string; name: string }>`${sql.join(parts.map((p) => sql`(${p})`), sql` UNION ALL `)}`.execute(tx);
  return new Map(r.rows.map((x) => [x.id, x.name]));
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Columns no reader needs: the row's own keys and bookkeeping. */
const HIDDEN = new Set(['id', 'org_id', 'created_at', 'updated_at']);

function value(v: unknown): AuditChange['before'] {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

export interface AuditRow {
  id: string;
  at: Date;
  table_name: string;
  record_id: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  actor_account_id: string | null;
}

/** The ids an entry's changes refer to (to name them in one look-up). */
export function referencedIds(rows: readonly AuditRow[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    for (const side of [r.before, r.after]) {
      for (const [k, v] of Object.entries(side)) if (k.endsWith('_id') && typeof v === 'string') out.push(v);
    }
  }
  return out;
}

/** The trail's before/after as one change per field (also hiding `extra` owner keys). */
export function changesOf(r: AuditRow, labels: ReadonlyMap<string, string>, extra: readonly string[] = []): AuditChange[] {
  const keys = [...new Set([...Object.keys(r.before), ...Object.keys(r.after)])].filter((k) => !HIDDEN.has(k) && !extra.includes(k));
  return keys
    .map((k) => {
      const before = value(r.before[k]);
      const after = value(r.after[k]);
      return {
        field: camel(k),
        before,
        after,
        beforeLabel: typeof before === 'string' ? (labels.get(before) ?? null) : null,
        afterLabel: typeof after === 'string' ? (labels.get(after) ?? null) : null,
      };
    })
    .filter((c) => !(r.action !== 'UPDATE' && c.before === null && c.after === null));
}

export const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? new Date(d).toISOString() : d.toISOString());
