// The lists a person's worker record refers to, read for the reference
// checks, the CSV import's name → id look-ups and the worker forms' options
// (GET /v2/worker-field-options, server/modules/person/profile.ts): the people
// master-data tables (0012, one shape), the organisation units open on a day
// (their dated versions) and the places.
import { sql } from 'kysely';
import type { Tx } from '../../db/tenant.js';

export const MASTER_TABLES = {
  employment_types: 'employment_types',
  board_member_types: 'board_member_types',
  contractor_types: 'contractor_types',
  collaborator_types: 'collaborator_types',
  job_titles: 'job_titles',
  job_grades: 'job_grades',
  job_levels: 'job_levels',
  job_competencies: 'job_competencies',
  job_types: 'job_types',
  positions: 'positions',
} as const;
export type MasterTable = keyof typeof MASTER_TABLES;

export interface MasterRow {
  id: string;
  name: string;
  code: string | null;
  disabled: boolean;
}

/** Every row of a master table (disabled ones too: a look-up says why it refuses them), in display order. */
export async function masterRows(tx: Tx, table: MasterTable): Promise<MasterRow[]> {
  const r = await sql<MasterRow>`SELECT id, name, code, disabled_at IS NOT NULL AS disabled FROM ${sql.table(MASTER_TABLES[table])}
    ORDER BY display_order NULLS LAST, name, id`.execute(tx);
  return r.rows;
}

/** The rows of `ids` found in the table, by id. */
export async function mastersById(tx: Tx, table: MasterTable, ids: readonly string[]): Promise<Map<string, MasterRow>> {
  if (!ids.length) return new Map();
  const r = await sql<MasterRow>`SELECT id, name, code, disabled_at IS NOT NULL AS disabled FROM ${sql.table(MASTER_TABLES[table])}
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
