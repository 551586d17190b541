// The lists a person's worker record refers to, read for the reference
// checks, the CSV import's name → id look-ups and the worker forms' options
// (GET /v2/worker-field-options, server/modules/person/profile.ts): the people
// master-data tables (0012, one shape), the organisation units open on a day
// (their dated versions) and the places. WORKER_MASTER_TABLE names the
// master table each of a worker's references reads.
import { sql } from 'kysely';
import type { WorkerRef } from '../../../src/api/contracts/person.js';
import type { PeopleMasterTableName } from '../../db/schema.js';
import type { Tx } from '../../db/tenant.js';

/**
 * The master table each reference of a worker points at, by its field: the
 * 15 of the employee information (WorkerRef), the job types (several a
 * worker) and the position (of a membership). The one place a reference's
 * table is written; every query takes its table name from here, never from input.
 */
export const WORKER_MASTER_TABLE = {
  employmentTypeId: 'employment_types',
  boardMemberTypeId: 'board_member_types',
  contractorTypeId: 'contractor_types',
  collaboratorTypeId: 'collaborator_types',
  jobTitleId: 'job_titles',
  jobLevelId: 'job_levels',
  jobGradeId: 'job_grades',
  gradeId: 'grades',
  jobFunctionId: 'job_functions',
  jobCompetencyId: 'job_competencies',
  workModeId: 'work_modes',
  healthInsuranceAssociationId: 'health_insurance_associations',
  placeSocialInsuranceId: 'place_social_insurances',
  contractEndReasonId: 'contract_end_reasons',
  retirementReasonId: 'retirement_reasons',
  jobTypeIds: 'job_types',
  positionId: 'positions',
} as const satisfies Record<WorkerRef | 'jobTypeIds' | 'positionId', PeopleMasterTableName>;
/** A worker field that refers to people master data. */
export type MasterField = keyof typeof WORKER_MASTER_TABLE;
export type MasterTable = (typeof WORKER_MASTER_TABLE)[MasterField];

/** The tables the map names: the only ones the look-ups below read. */
export const MASTER_TABLES: ReadonlySet<MasterTable> = new Set(Object.values(WORKER_MASTER_TABLE));

/** `{ key: field }` → `{ key: that field's master table }`. */
export const masterTablesOf = <K extends string>(fields: Readonly<Record<K, MasterField>>) =>
  Object.fromEntries(Object.entries<MasterField>(fields).map(([k, f]) => [k, WORKER_MASTER_TABLE[f]])) as Readonly<Record<K, MasterTable>>;

/** The table as an identifier, once it is known to be one the map names. */
function masterTable(table: MasterTable) {
  if (!MASTER_TABLES.has(table)) throw new Error(`Not a people master table: ${String(table)}`);
  return sql.table(table);
}

/** The current primary post of worker `w` ('YYYY-MM-DD' today): its unit
 * and position, as `a` (a.unit_id, a.position_id; null without one). The
 * latest-starting primary assignment that has not ended by today. */
export const currentPostJoin = (today: string) =>
  sql`LEFT JOIN LATERAL (SELECT unit_id, position_id FROM worker_assignments a WHERE a.worker_id = w.id AND a.is_primary
    AND (a.valid_to IS NULL OR a.valid_to > ${today}::date) ORDER BY a.valid_from DESC LIMIT 1) a ON true`;

export interface MasterRow {
  id: string;
  name: string;
  code: string | null;
  disabled: boolean;
}

/** Every row of a master table (disabled ones too: a look-up says why it refuses them), in display order. */
export async function masterRows(tx: Tx, table: MasterTable): Promise<MasterRow[]> {
  const r = await sql<MasterRow>`SELECT id, name, code, disabled_at IS NOT NULL AS disabled FROM ${masterTable(table)}
    ORDER BY display_order NULLS LAST, name, id`.execute(tx);
  return r.rows;
}

/** The rows of `ids` found in the table, by id. */
export async function mastersById(tx: Tx, table: MasterTable, ids: readonly string[]): Promise<Map<string, MasterRow>> {
  if (!ids.length) return new Map();
  const r = await sql<MasterRow>`SELECT id, name, code, disabled_at IS NOT NULL AS disabled FROM ${masterTable(table)}
    WHERE id = ANY(${[...ids]}::uuid[])`.execute(tx);
  return new Map(r.rows.map((x) => [x.id, x]));
}

export interface UnitRow {
  id: string;
  name: string;
  code: string | null;
  /** Names from the top unit down to this one's parent, as of the day. */
  path: string[];
}

/** Organisation units open on `day` (a version valid that day), with their names and parents then. */
export async function openUnits(tx: Tx, day: string): Promise<UnitRow[]> {
  const r = await sql<{ id: string; name: string; code: string | null; parent: string | null; display_order: number }>`
    SELECT u.id, v.name, u.code, v.parent_unit_id AS parent, v.display_order
    FROM org_units u JOIN org_unit_versions v ON v.unit_id = u.id
    WHERE v.valid_from <= ${day}::date AND (v.valid_to IS NULL OR v.valid_to > ${day}::date)
    ORDER BY v.display_order, v.name, u.id`.execute(tx);
  const byId = new Map(r.rows.map((x) => [x.id, x]));
  const pathOf = (id: string | null, seen = new Set<string>()): string[] => {
    const u = id ? byId.get(id) : undefined;
    if (!u || seen.has(u.id)) return [];
    seen.add(u.id);
    return [...pathOf(u.parent, seen), u.name];
  };
  return r.rows.map((u) => ({ id: u.id, name: u.name, code: u.code, path: pathOf(u.parent) }));
}

export interface PlaceRow {
  id: string;
  name: string;
  code: string;
  closed: boolean;
}

export async function placeRows(tx: Tx, ids?: readonly string[]): Promise<PlaceRow[]> {
  const r = await sql<PlaceRow>`SELECT id, name, code, status = 'CLOSED' AS closed FROM places
    WHERE ${ids ? sql`id = ANY(${[...ids]}::uuid[])` : sql`true`} ORDER BY name, id LIMIT 5000`.execute(tx);
  return r.rows;
}
