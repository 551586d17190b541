// GET /v2/search: one searcher per record type, each in its area. Only people
// exist today; the device, equipment, app, place and login-ID modules each add
// one entry to SEARCHERS.
import { sql } from 'kysely';
import type { Area } from '../../../src/api/contracts/define.js';
import { type RecordType, searchRecords } from '../../../src/api/contracts/search.js';
import type { Tx } from '../../db/tenant.js';
import { defineRoute } from '../../http/route.js';

interface Hit {
  id: string;
  title: string;
  subtitle: string | null;
  href: string;
}

interface Searcher {
  area: Area;
  search(tx: Tx, q: string, limit: number): Promise<Hit[]>;
}

/** ILIKE pattern for a literal substring: %, _ and \ in user input match themselves. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const SEARCHERS: Partial<Record<RecordType, Searcher>> = {
  person: {
    area: 'HR',
    async search(tx, q, limit) {
      const like = `%${likeEscape(q)}%`;
      const prefix = `${likeEscape(q)}%`;
      // Japanese full names are typed without a space: match both forms.
      const full = sql<string>`p.family_name || p.given_name`;
      const spaced = sql<string>`p.family_name || ' ' || p.given_name`;
      const kana = sql<string>`coalesce(p.family_name_kana, '') || coalesce(p.given_name_kana, '')`;
      const rows = await tx
        .selectFrom('people as p')
        .leftJoin('workers as w', 'w.person_id', 'p.id')
        .where((eb) =>
          eb.or([
            eb(full, 'ilike', like),
            eb(spaced, 'ilike', like),
            eb(kana, 'ilike', like),
            eb('p.email', 'ilike', like),
            eb('w.primary_email', 'ilike', like),
            eb('w.worker_number', 'ilike', like),
          ]),
        )
        .select(['p.id', 'p.family_name', 'p.given_name', 'p.email'])
        .select(sql<string | null>`max(w.primary_email)`.as('worker_email'))
        .select(sql<boolean>`bool_or(${full} ILIKE ${prefix} OR ${kana} ILIKE ${prefix})`.as('prefix'))
        .groupBy(['p.id', 'p.family_name', 'p.given_name', 'p.email'])
        .orderBy(sql`bool_or(${full} ILIKE ${prefix} OR ${kana} ILIKE ${prefix})`, 'desc')
        .orderBy('p.family_name')
        .orderBy('p.given_name')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        title: `${r.family_name} ${r.given_name}`,
        subtitle: r.worker_email ?? r.email,
        href: `/person/${r.id}/personal-information`,
      }));
    },
  },
};

export const searchRoutes = [
  defineRoute(searchRecords, async ({ query }, { tx, auth }) => {
    const results: Array<{ type: RecordType; items: Hit[] }> = [];
    for (const [type, searcher] of Object.entries(SEARCHERS) as Array<[RecordType, Searcher]>) {
      // Records of an area the caller may not open are not there for them.
      if (!auth.operatorAccess || !auth.areas.includes(searcher.area)) continue;
      results.push({ type, items: await searcher.search(tx, query.q, query.limit) });
    }
    return { results };
  }),
];
