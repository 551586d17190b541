// The profile header, personal information and employee information.
import { sql } from 'kysely';
import { kanaReading } from '../../../src/api/contracts/people-lifecycle.js';
import * as P from '../../../src/api/contracts/person.js';
import type { Tx } from '../../db/tenant.js';
import { normalizeCell } from '../../csv/codec.js';
import { AppError, fieldError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { type MasterTable, masterTablesOf, openUnits, placeRows, WORKER_MASTER_TABLE } from '../person-add/masters.js';
import { fullName, isAlumni, labelsOf, personOf, workerOf, workerSummary, workersOf, type PersonRow, type WorkerRow } from './shared.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Who the person is called, as the profile header and the personal information show it. */
const namesOut = (p: PersonRow) => ({
  familyName: p.family_name,
  givenName: p.given_name,
  middleName: p.middle_name,
  familyNameKana: p.family_name_kana,
  givenNameKana: p.given_name_kana,
  email: p.email,
});

const personalOut = (p: PersonRow): P.PersonalInformation => ({
  ...namesOut(p),
  birthDate: p.birth_date,
  gender: p.gender,
  personalEmail: p.personal_email,
  personalPhone: p.personal_phone,
  postalCode: p.postal_code,
  address: p.address,
});


/** A text field as stored: normalised (full-width ASCII, half-width kana), blank → null. */
const clean = (v: string | null | undefined) => {
  if (v === null || v === undefined) return null;
  const s = normalizeCell(v);
  return s === '' ? null : s;
};

interface EmployeeRow extends WorkerRow {
  contract_start_on: string | null;
  contract_end_on: string | null;
  [ref: string]: unknown;
}

async function workerInformation(tx: Tx, workers: readonly WorkerRow[]): Promise<P.WorkerInformation[]> {
  if (!workers.length) return [];
  const ids = workers.map((w) => w.id);
  const day = todayInJapan();
  const extra = (
    await sql<EmployeeRow>`SELECT id, contract_start_on, contract_end_on, ${sql.join(P.WORKER_REFS.map((r) => sql.ref(snake(r))))}
      FROM workers WHERE id = ANY(${ids}::uuid[])`.execute(tx)
  ).rows;
  const byId = new Map(extra.map((x) => [x.id, x]));
  const assignments = (
    await sql<{ id: string; worker_id: string; unit_id: string; unit_name: string | null; position_id: string | null; position_name: string | null; is_primary: boolean; valid_from: string; valid_to: string | null; is_current: boolean }>`
      SELECT a.id, a.worker_id, a.unit_id, v.name AS unit_name, a.position_id, pos.name AS position_name, a.is_primary, a.valid_from, a.valid_to,
        (a.valid_from <= ${day}::date AND (a.valid_to IS NULL OR a.valid_to > ${day}::date)) AS is_current
      FROM worker_assignments a
      LEFT JOIN positions pos ON pos.id = a.position_id
      LEFT JOIN LATERAL (
        -- The unit's name on the assignment's last day (or today): the name it had then.
        SELECT x.name FROM org_unit_versions x
        WHERE x.unit_id = a.unit_id AND x.valid_from <= least(coalesce(a.valid_to - 1, ${day}::date), ${day}::date)
        ORDER BY x.valid_from DESC LIMIT 1
      ) v ON true
      WHERE a.worker_id = ANY(${ids}::uuid[])
      ORDER BY a.valid_from DESC, a.is_primary DESC, a.id`.execute(tx)
  ).rows;
  const jobTypes = (
    await sql<{ worker_id: string; id: string; name: string }>`SELECT wj.worker_id, j.id, j.name FROM worker_job_types wj JOIN job_types j ON j.id = wj.job_type_id
      WHERE wj.worker_id = ANY(${ids}::uuid[]) ORDER BY j.display_order NULLS LAST, j.name`.execute(tx)
  ).rows;
  const places = (
    await sql<{ worker_id: string; id: string; name: string; is_primary: boolean }>`SELECT wp.worker_id, p.id, p.name, wp.is_primary FROM worker_places wp JOIN places p ON p.id = wp.place_id
      WHERE wp.worker_id = ANY(${ids}::uuid[]) ORDER BY wp.is_primary DESC, p.name`.execute(tx)
  ).rows;
  const refIds = extra.flatMap((x) => P.WORKER_REFS.map((r) => x[snake(r)]).filter((v): v is string => typeof v === 'string'));
  const labels = await labelsOf(tx, refIds);
  return workers.map((w) => {
    const x = byId.get(w.id)!;
    const refs = Object.fromEntries(
      P.WORKER_REFS.map((r) => {
        const id = x[snake(r)] as string | null;
        return [r, id ? { id, name: labels.get(id) ?? '' } : null];
      }),
    ) as P.WorkerInformation['refs'];
    return {
      ...workerSummary(w),
      contractStartOn: x.contract_start_on,
      contractEndOn: x.contract_end_on,
      refs,
      assignments: assignments
        .filter((a) => a.worker_id === w.id)
        .map((a) => ({
          assignmentId: a.id,
          unit: { id: a.unit_id, name: a.unit_name ?? '' },
          position: a.position_id ? { id: a.position_id, name: a.position_name ?? '' } : null,
          isPrimary: a.is_primary,
          validFrom: a.valid_from,
          validTo: a.valid_to,
          isCurrent: a.is_current,
        })),
      jobTypes: jobTypes.filter((j) => j.worker_id === w.id).map((j) => ({ id: j.id, name: j.name })),
      places: places.filter((p) => p.worker_id === w.id).map((p) => ({ id: p.id, name: p.name, isPrimary: p.is_primary })),
    };
  });
}

export const profileRoutes = () => [
  defineRoute(P.getPersonProfile, async ({ params }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const workers = await workersOf(tx, p.id);
    return {
      personId: p.id,
      name: fullName(p),
      ...namesOut(p),
      avatarUrl: p.avatar_url,
      isAlumni: isAlumni(workers),
      workers: workers.map(workerSummary),
    };
  }),

  defineRoute(P.getPersonalInformation, async ({ params }, { tx }) => personalOut(await personOf(tx, params.personId))),

  defineRoute(P.patchPersonalInformation, async ({ params, body }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const set: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(body) as [keyof typeof body, string | null | undefined][]) {
      if (v === undefined) continue;
      let s = clean(v);
      if ((k === 'familyNameKana' || k === 'givenNameKana') && s !== null) {
        s = kanaReading(s);
        if (s === null) throw fieldError(k, 'person:validation.kana');
      }
      if ((k === 'familyName' || k === 'givenName') && s === null) throw fieldError(k, 'validation.notBlank');
      if (k === 'birthDate' && s !== null && s > todayInJapan()) throw fieldError(k, 'person:validation.birthDateFuture');
      if (k === 'postalCode' && s !== null) s = `${s.replace('-', '').slice(0, 3)}-${s.replace('-', '').slice(3)}`;
      set[snake(k)] = s;
    }
    if (Object.keys(set).length) {
      await sql`UPDATE people SET ${sql.join(Object.entries(set).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))}, updated_at = now() WHERE id = ${p.id}`.execute(tx);
    }
    return personalOut(await personOf(tx, p.id));
  }),

  defineRoute(P.getEmployeeInformation, async ({ params }, { tx }) => {
    const p = await personOf(tx, params.personId);
    return { workers: await workerInformation(tx, await workersOf(tx, p.id)) };
  }),

  defineRoute(P.patchEmployeeInformation, async ({ params, body }, { tx }) => {
    const w = await workerOf(tx, params.workerId);
    const set: Record<string, string | null> = {};
    const allowed = P.refsOfType(w.worker_type);
    for (const [k, v] of Object.entries(body) as [string, string | null | undefined][]) {
      if (v === undefined) continue;
      const ref = k as P.WorkerRef;
      if (P.WORKER_REFS.includes(ref)) {
        if (v !== null) {
          if (!allowed.includes(ref)) throw fieldError(k, 'person:validation.typeRef');
          const found = await sql`SELECT 1 FROM ${sql.table(WORKER_MASTER_TABLE[ref])} WHERE id = ${v}`.execute(tx);
          if (!found.rows.length) throw fieldError(k, 'validation.reference');
        }
        set[snake(k)] = v;
      } else {
        set[snake(k)] = clean(v);
      }
    }
    const start = 'contract_start_on' in set ? set.contract_start_on : null;
    const end = 'contract_end_on' in set ? set.contract_end_on : null;
    if ('contract_start_on' in set || 'contract_end_on' in set) {
      const cur = (await sql<{ s: string | null; e: string | null }>`SELECT contract_start_on AS s, contract_end_on AS e FROM workers WHERE id = ${w.id}`.execute(tx)).rows[0]!;
      const s = 'contract_start_on' in set ? start : cur.s;
      const e = 'contract_end_on' in set ? end : cur.e;
      if (s && e && e < s) throw fieldError('contractEndOn', 'person:validation.contractEndBeforeStart');
    }
    if (Object.keys(set).length) {
      try {
        await sql`UPDATE workers SET ${sql.join(Object.entries(set).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))}, updated_at = now() WHERE id = ${w.id}`.execute(tx);
      } catch (err) {
        const e = err as { code?: string; constraint?: string };
        if (e.code === '23505' && e.constraint === 'workers_worker_number') throw fieldError('workerNumber', 'validation.unique');
        throw err;
      }
    }
    const [info] = await workerInformation(tx, [await workerOf(tx, w.id)]);
    if (!info) throw new AppError(500, 'INTERNAL_ERROR');
    return info;
  }),

  defineRoute(P.getWorkerFieldOptions, async ({ query }, { tx }) => workerFieldOptions(tx, query.on ?? todayInJapan())),
];

/** The lists besides the 15 references: job types (several per worker) and positions (per assignment). */
const OTHER_LISTS = masterTablesOf({ jobTypes: 'jobTypeIds', positions: 'positionId' });

/**
 * What a worker form chooses from (GET /v2/worker-field-options, the add form
 * and the employee-information form): the enabled rows of every people master
 * list a worker refers to, job types and positions, in display order (one
 * query); the units open on `day` with their path; the places not closed.
 */
export async function workerFieldOptions(tx: Tx, day: string) {
  const lists: Array<readonly [string, MasterTable]> = [...P.WORKER_REFS.map((r) => [r, WORKER_MASTER_TABLE[r]] as const), ...Object.entries(OTHER_LISTS)];
  const parts = lists.map(([k, table]) => sql`(SELECT ${k}::text AS k, id, name, code, display_order FROM ${sql.table(table)} WHERE disabled_at IS NULL)`);
  const rows = (
    await sql<{ k: string; id: string; name: string; code: string | null }>`SELECT k, id, name, code FROM (${sql.join(parts, sql` UNION ALL `)}) x
      ORDER BY k, display_order NULLS LAST, name, id`.execute(tx)
  ).rows;
  const byList = new Map<string, P.FieldOption[]>(lists.map(([k]) => [k, []]));
  for (const { k, id, name, code } of rows) byList.get(k)!.push({ id, name, code });
  const units = await openUnits(tx, day);
  const places = await placeRows(tx);
  return {
    options: Object.fromEntries(P.WORKER_REFS.map((r) => [r, byList.get(r)!])) as Record<P.WorkerRef, P.FieldOption[]>,
    jobTypes: byList.get('jobTypes')!,
    positions: byList.get('positions')!,
    departments: units.map((u) => ({ id: u.id, name: u.name, code: u.code, path: u.path.length ? u.path.join(' / ') : null })),
    places: places.filter((p) => !p.closed).map((p) => ({ id: p.id, name: p.name, code: p.code })),
  };
}
