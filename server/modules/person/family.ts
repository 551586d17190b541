// Family members of a current person (/person/{id}/family/{familyPersonId}).
// An alumnus's family is not shown or changed: 404, as for a person of
// another organisation.
import { sql } from 'kysely';
import { kanaReading } from '../../../src/api/contracts/people-lifecycle.js';
import * as P from '../../../src/api/contracts/person.js';
import { normalizeCell } from '../../csv/codec.js';
import type { Tx } from '../../db/tenant.js';
import { fieldError, notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { isAlumni, personOf, workersOf } from './shared.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

interface FamilyRow {
  id: string;
  family_name: string;
  given_name: string;
  family_name_kana: string | null;
  given_name_kana: string | null;
  relationship: P.FamilyMember['relationship'];
  birth_date: string | null;
  is_dependent: boolean;
}
const familyOut = (r: FamilyRow): P.FamilyMember => ({
  familyPersonId: r.id,
  familyName: r.family_name,
  givenName: r.given_name,
  familyNameKana: r.family_name_kana,
  givenNameKana: r.given_name_kana,
  relationship: r.relationship,
  birthDate: r.birth_date,
  isDependent: r.is_dependent,
});
const select = sql`SELECT id, family_name, given_name, family_name_kana, given_name_kana, relationship, birth_date, is_dependent FROM family_members`;

/** The person, who must be current (not alumni). */
async function currentPerson(tx: Tx, personId: string) {
  const p = await personOf(tx, personId);
  if (isAlumni(await workersOf(tx, p.id))) throw notFound('person:familyCurrentOnly');
  return p;
}

async function memberOf(tx: Tx, personId: string, id: string): Promise<FamilyRow> {
  const r = (await sql<FamilyRow>`${select} WHERE id = ${id} AND person_id = ${personId}`.execute(tx)).rows[0];
  if (!r) throw notFound();
  return r;
}

/** The body as columns: text normalised, readings in katakana, birth date not in the future. */
function columns(body: Partial<Record<string, unknown>>): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  const text = (k: string, col: string, reading = false) => {
    if (!(k in body) || body[k] === undefined) return;
    const v = body[k];
    let s = v === null ? null : normalizeCell(String(v)) || null;
    if (reading && s !== null) {
      s = kanaReading(s);
      if (s === null) throw fieldError(k, 'person:validation.kana');
    }
    if ((k === 'familyName' || k === 'givenName') && !s) throw fieldError(k, 'validation.notBlank');
    set[col] = s;
  };
  text('familyName', 'family_name');
  text('givenName', 'given_name');
  text('familyNameKana', 'family_name_kana', true);
  text('givenNameKana', 'given_name_kana', true);
  if (body.relationship !== undefined) set.relationship = body.relationship;
  if (body.birthDate !== undefined) {
    if (typeof body.birthDate === 'string' && body.birthDate > todayInJapan()) throw fieldError('birthDate', 'person:validation.birthDateFuture');
    set.birth_date = body.birthDate;
  }
  if (body.isDependent !== undefined) set.is_dependent = body.isDependent;
  return set;
}

export const familyRoutes = () => [
  defineRoute(P.listFamily, async ({ params }, { tx }) => {
    const p = await currentPerson(tx, params.personId);
    const rows = await sql<FamilyRow>`${select} WHERE person_id = ${p.id} ORDER BY birth_date NULLS LAST, family_name, given_name, id`.execute(tx);
    return { items: rows.rows.map(familyOut) };
  }),

  defineRoute(P.createFamilyMember, async ({ params, body }, { tx, auth }) => {
    const p = await currentPerson(tx, params.personId);
    const set = { ...columns(body), org_id: auth.orgId, person_id: p.id };
    const r = (
      await sql<{ id: string }>`INSERT INTO family_members (${sql.join(Object.keys(set).map((c) => sql.ref(c)))})
        VALUES (${sql.join(Object.values(set).map((v) => sql`${v}`))}) RETURNING id`.execute(tx)
    ).rows[0]!;
    return familyOut(await memberOf(tx, p.id, r.id));
  }),

  defineRoute(P.getFamilyMember, async ({ params }, { tx }) => {
    const p = await currentPerson(tx, params.personId);
    return familyOut(await memberOf(tx, p.id, params.familyPersonId));
  }),

  defineRoute(P.patchFamilyMember, async ({ params, body }, { tx }) => {
    const p = await currentPerson(tx, params.personId);
    const m = await memberOf(tx, p.id, params.familyPersonId);
    const set = columns(body);
    if (Object.keys(set).length) {
      await sql`UPDATE family_members SET ${sql.join(Object.entries(set).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))}, updated_at = now() WHERE id = ${m.id}`.execute(tx);
    }
    return familyOut(await memberOf(tx, p.id, m.id));
  }),

  defineRoute(P.deleteFamilyMember, async ({ params }, { tx }) => {
    const p = await currentPerson(tx, params.personId);
    const m = await memberOf(tx, p.id, params.familyPersonId);
    await sql`DELETE FROM family_members WHERE id = ${m.id}`.execute(tx);
    return null;
  }),
];
