// Picker options for forms: workers, places, devices (spec 7).
import { type RawBuilder, sql } from 'kysely';
import { devicesForSelect, placeSelect, workersForSelect } from '../../../src/api/contracts/pickers.js';
import type { Tx } from '../../db/tenant.js';
import { forbidden } from '../../http/errors.js';
import { type AuthContext, defineRoute } from '../../http/route.js';
import { likeEscape } from '../../db/like.js';

interface PickerInput {
  freeText?: string | undefined;
  orderDirection: 'asc' | 'desc';
  limit: number;
  ids: string[];
}

const operatorOnly = (auth: AuthContext) => {
  if (!auth.operatorAccess) throw forbidden();
};

/** Rows matching the typed text (any of `texts`), prefix matches first, then
 * by `order`; plus the rows named by `ids` (a form's current value), each
 * row once. `from` aliases its main table `x`. */
async function pick<R>(tx: Tx, from: RawBuilder<unknown>, select: RawBuilder<unknown>, texts: RawBuilder<string>[], order: RawBuilder<unknown>, input: PickerInput) {
  const text = input.freeText?.replace(/\s+/gu, ' ').trim() ?? '';
  const any = `%${likeEscape(text)}%`;
  const prefix = `${likeEscape(text)}%`;
  const dir = sql.raw(input.orderDirection === 'desc' ? 'DESC' : 'ASC');
  const match = text ? sql.join(texts.map((t) => sql`${t} ILIKE ${any}`), sql` OR `) : sql`true`;
  // Without text there is no prefix to prefer: a constant rank for all.
  const rank = text ? sql`CASE WHEN ${sql.join(texts.map((t) => sql`${t} ILIKE ${prefix}`), sql` OR `)} THEN 0 ELSE 1 END` : sql`1`;
  const r = await sql<R & { rank: number; ord: number }>`
    SELECT DISTINCT ON (o.id) o.* FROM (
      (SELECT ${select}, ${rank} AS rank, row_number() OVER (ORDER BY ${rank}, ${order} ${dir}, x.id) AS ord
        FROM ${from} WHERE ${match} ORDER BY ${rank}, ${order} ${dir}, x.id LIMIT ${input.limit})
      UNION ALL
      (SELECT ${select}, 2 AS rank, 0 AS ord FROM ${from} WHERE x.id = ANY(${input.ids}::uuid[]))
    ) o ORDER BY o.id, o.rank`.execute(tx);
  return r.rows
    .sort((a, b) => a.rank - b.rank || a.ord - b.ord)
    .map((row) => {
      const { rank: _rank, ord: _ord, ...rest } = row;
      return rest as unknown as R;
    });
}

export const pickerRoutes = [
  defineRoute(workersForSelect, async ({ query }, { tx, auth }) => {
    operatorOnly(auth);
    const items = await pick<{ id: string; personId: string; name: string; primaryWorkerEmail: string | null; avatarUrl: string | null }>(
      tx,
      sql`workers x JOIN people p ON p.id = x.person_id`,
      sql`x.id, p.id AS "personId", p.family_name || ' ' || p.given_name AS name, coalesce(x.primary_email, p.email) AS "primaryWorkerEmail", p.avatar_url AS "avatarUrl"`,
      [sql`p.family_name || ' ' || p.given_name`, sql`p.family_name || p.given_name`, sql`coalesce(p.family_name_kana, '') || coalesce(p.given_name_kana, '')`, sql`coalesce(x.primary_email, p.email, '')`, sql`coalesce(x.worker_number, '')`],
      sql`coalesce(p.family_name_kana, p.family_name) || coalesce(p.given_name_kana, p.given_name)`,
      query,
    );
    return { items };
  }),
  defineRoute(placeSelect, async ({ query }, { tx, auth }) => {
    operatorOnly(auth);
    const items = await pick<{ id: string; name: string; avatarUrl: string | null }>(
      tx,
      sql`places x`,
      sql`x.id, x.name, NULL::text AS "avatarUrl"`,
      [sql`x.name`, sql`x.code`],
      sql`x.name`, // ADDRESS: places have no address yet (see the contract)
      query,
    );
    return { items };
  }),
  defineRoute(devicesForSelect, async ({ query }, { tx, auth }) => {
    operatorOnly(auth);
    const items = await pick<{ id: string; name: string; avatarUrl: string | null }>(
      tx,
      sql`devices x`,
      sql`x.id, x.name, NULL::text AS "avatarUrl"`,
      [sql`x.name`, sql`coalesce(x.device_tag, '')`, sql`coalesce(x.serial_number, '')`],
      query.orderBy === 'DEVICE_TAG' ? sql`x.device_tag` : sql`x.name`,
      query,
    );
    return { items };
  }),
];
