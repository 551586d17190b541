// GET /v2/search, the palette's record search: one searcher per record type,
// each belonging to an area. A caller gets results only for the types whose
// area their session holds; the others are absent, not an error.
import { type RawBuilder, sql } from 'kysely';
import type { Locale } from '../../../src/api/contracts/common.js';
import type { Area } from '../../../src/api/contracts/define.js';
import { RECORD_TYPES, type RecordType, type SearchHit, searchRecords } from '../../../src/api/contracts/search.js';
import { software } from '../../../src/api/modules/software.js';
import { likeEscape } from '../../db/like.js';
import type { Tx } from '../../db/tenant.js';
import { t } from '../../http/i18n.js';
import { defineRoute } from '../../http/route.js';

interface Searcher {
  /** The area a caller needs to find records of this type. */
  area: Area;
  /** Up to `limit` records matching `q` (a literal substring), best first;
   * words in a subtitle (a label, not data) in `locale`. */
  search(tx: Tx, q: string, limit: number, locale: Locale): Promise<SearchHit[]>;
  /** Up to `limit` records with a code (device tag, asset tag, serial number)
   * equal to `code`, ignoring case and surrounding space: what a scan opens.
   * A type without codes has none and is not searched with `exact`. */
  exact?(tx: Tx, code: string, limit: number): Promise<SearchHit[]>;
}


/** The console opens a person on their first tab. The side pane, where the
 * palette opens hits, shows catalogue pages only and does not follow the
 * router's /person/{id} redirect, so the href names the tab. */
const personHref = (id: string) => `/person/${id}/personal-information`;

/** Does one of a person's searchable texts match the ILIKE pattern? */
function personMatches(pattern: string): RawBuilder<boolean> {
  const texts = [
    sql`p.family_name`,
    sql`p.given_name`,
    sql`p.family_name_kana`,
    sql`p.given_name_kana`,
    // Japanese full names are typed with or without the space.
    sql`p.family_name || ' ' || p.given_name`,
    sql`p.family_name || p.given_name`,
    sql`p.family_name_kana || ' ' || p.given_name_kana`,
    sql`p.family_name_kana || p.given_name_kana`,
    sql`p.email`,
  ];
  return sql<boolean>`(${sql.join(
    [
      ...texts.map((t) => sql`${t} ILIKE ${pattern}`),
      sql`EXISTS (SELECT 1 FROM workers w WHERE w.person_id = p.id AND (w.worker_number ILIKE ${pattern} OR w.primary_email ILIKE ${pattern}))`,
    ],
    sql` OR `,
  )})`;
}

/**
 * One entry per record type that has a table today: people, equipment,
 * places, devices and apps (below). Login IDs are not searched: there is no
 * login-ID table yet (the ID-management module is not built), so `loginId`
 * has no entry. A type without an entry is never searched, so it never
 * appears in `results`.
 */
const SEARCHERS: Partial<Record<RecordType, Searcher>> = {
  person: {
    area: 'HR',
    async search(tx, q, limit) {
      // Any run of white space (the ideographic space too) counts as one space.
      const text = likeEscape(q.replace(/\s+/gu, ' '));
      const rows = await tx
        .selectFrom('people as p')
        .where(personMatches(`%${text}%`))
        .select(['p.id', 'p.family_name', 'p.given_name'])
        .select(
          sql<string | null>`coalesce((
            SELECT w.primary_email FROM workers w
            WHERE w.person_id = p.id AND w.primary_email IS NOT NULL
            ORDER BY ((w.started_on IS NULL OR w.started_on <= current_date) AND (w.ended_on IS NULL OR w.ended_on >= current_date)) DESC,
              w.started_on DESC NULLS LAST, w.created_at DESC
            LIMIT 1
          ), p.email)`.as('subtitle'),
        )
        // Prefix matches first, then by name.
        .orderBy(personMatches(`${text}%`), 'desc')
        .orderBy('p.family_name')
        .orderBy('p.given_name')
        .orderBy('p.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, title: `${r.family_name} ${r.given_name}`, subtitle: r.subtitle, href: personHref(r.id) }));
    },
  },
};

/**
 * A searcher over one table: rows where any of `texts` contains the query,
 * those where one starts with it (or equals it: a scanned tag) first; with
 * `codes`, also the exact lookup of a scanned code over those columns.
 * `candidates` (a SECURITY DEFINER function over a trigram index, see
 * migration 0005) narrows the exact lookup to the rows whose text contains
 * the code, so it does not scan a large table under row-level security.
 */
function tableSearcher(o: {
  area: Area;
  table: string;
  texts: string[];
  codes?: string[];
  candidates?: string;
  title: string;
  subtitle: string;
  href: (id: string) => string;
}): Searcher {
  const codes = o.codes;
  return {
    area: o.area,
    ...(codes && {
      async exact(tx, code, limit) {
        const wanted = code.trim();
        const equal = sql.join(codes.map((c) => sql`lower(btrim(${sql.ref(`x.${c}`)})) = lower(${wanted})`), sql` OR `);
        const narrowed = o.candidates ? sql`x.id IN (SELECT ${sql.raw(o.candidates)}(${`%${likeEscape(wanted)}%`})) AND ` : sql``;
        const r = await sql<{ id: string; title: string; subtitle: string | null }>`
          SELECT x.id, ${sql.raw(o.title)} AS title, ${sql.raw(o.subtitle)} AS subtitle FROM ${sql.table(o.table)} x
          WHERE ${narrowed}(${equal}) ORDER BY ${sql.raw(o.title)}, x.id LIMIT ${limit}`.execute(tx);
        return r.rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.subtitle || null, href: o.href(row.id) }));
      },
    }),
    async search(tx, q, limit) {
      const text = likeEscape(q.replace(/\s+/gu, ' ').trim());
      const cols = o.texts.map((c) => sql`coalesce(${sql.ref(`x.${c}`)}, '')`);
      const any = sql.join(cols.map((c) => sql`${c} ILIKE ${`%${text}%`}`), sql` OR `);
      const exact = sql.join(cols.map((c) => sql`lower(${c}) = lower(${q.trim()})`), sql` OR `);
      const prefix = sql.join(cols.map((c) => sql`${c} ILIKE ${`${text}%`}`), sql` OR `);
      const r = await sql<{ id: string; title: string; subtitle: string | null }>`
        SELECT x.id, ${sql.raw(o.title)} AS title, ${sql.raw(o.subtitle)} AS subtitle FROM ${sql.table(o.table)} x
        WHERE ${any} ORDER BY (${exact}) DESC, (${prefix}) DESC, ${sql.raw(o.title)}, x.id LIMIT ${limit}`.execute(tx);
      return r.rows.map((row) => ({ id: row.id, title: row.title, subtitle: row.subtitle || null, href: o.href(row.id) }));
    },
  };
}

// Equipment, places and devices: an asset tag, device tag or serial number
// typed in full comes first; the scanner asks for `exact` and opens only a
// record whose code is the scanned one.
SEARCHERS.equipment = tableSearcher({
  area: 'GA',
  table: 'equipment',
  texts: ['name', 'asset_tag', 'serial_number', 'model'],
  codes: ['asset_tag', 'serial_number'],
  candidates: 'equipment_search_ids',
  title: 'x.name',
  subtitle: "concat_ws(' · ', x.asset_tag, x.serial_number)",
  href: (id) => `/equipment/${id}`,
});
SEARCHERS.place = tableSearcher({ area: 'GA', table: 'places', texts: ['name', 'code'], title: 'x.name', subtitle: 'x.code', href: (id) => `/places/${id}` });
SEARCHERS.device = tableSearcher({
  area: 'IT',
  table: 'devices',
  texts: ['name', 'device_tag', 'asset_tag', 'serial_number'],
  codes: ['device_tag', 'asset_tag', 'serial_number'],
  title: 'x.name',
  subtitle: "concat_ws(' · ', x.device_tag, x.serial_number)",
  href: (id) => `/profile/device/${id}/status`,
});

// Apps. What a support engineer means by "an app" is one of the
// organisation's own: a piece of software in its registry (/software/{id},
// installed software and SaaS alike) or a connected tenant of one, an app
// integration (/app-integrations/{id}, where its accounts are). Both are
// found by name; a registry entry also by vendor, an integration by tenant
// name. The marketplace catalogue (apps) is the product's list of what could
// be installed, not a record of the organisation, so it is not searched.
// Installing an app makes both a registry entry and an integration of the
// same name: the subtitle tells them apart (type and vendor; "Integration"
// and tenant), the registry entry first. The software and app-integration
// routes both need IT (src/api/contracts/software.ts), so apps do too.
SEARCHERS.app = {
  area: 'IT',
  async search(tx, q, limit, locale) {
    const text = likeEscape(q.replace(/\s+/gu, ' ').trim());
    const any = `%${text}%`;
    const prefix = `${text}%`;
    const exact = q.trim();
    const rank = (texts: RawBuilder<unknown>[]) =>
      sql`CASE WHEN ${sql.join(texts.map((c) => sql`lower(${c}) = lower(${exact})`), sql` OR `)} THEN 0
        WHEN ${sql.join(texts.map((c) => sql`${c} ILIKE ${prefix}`), sql` OR `)} THEN 1 ELSE 2 END`;
    const matches = (texts: RawBuilder<unknown>[]) => sql`(${sql.join(texts.map((c) => sql`${c} ILIKE ${any}`), sql` OR `)})`;
    const sw = [sql`s.name`, sql`coalesce(s.vendor_name, '')`];
    const ai = [sql`i.name`, sql`coalesce(i.tenant_name, '')`];
    const r = await sql<{ id: string; kind: 'software' | 'integration'; title: string; software_type: string | null; detail: string | null; status: string; subordinate: boolean }>`
      SELECT id, kind, title, software_type, detail, status, subordinate FROM (
        SELECT s.id, 'software' AS kind, s.name AS title, s.software_type, s.vendor_name AS detail, s.status, false AS subordinate, ${rank(sw)} AS rank
        FROM software s WHERE ${matches(sw)}
        UNION ALL
        SELECT i.id, 'integration', i.name, NULL, i.tenant_name, i.status, i.parent_integration_id IS NOT NULL, ${rank(ai)}
        FROM app_integrations i WHERE i.deleted_at IS NULL AND ${matches(ai)}
      ) h
      ORDER BY rank, title, kind = 'software' DESC, detail, id LIMIT ${limit}`.execute(tx);
    const stopped = (status: string) => (status === 'ACTIVE' ? null : t(locale, `software:enums.status.${status}`));
    return r.rows.map((row) =>
      row.kind === 'software'
        ? {
            id: row.id,
            title: row.title,
            subtitle: [t(locale, `software:enums.softwareType.${row.software_type}`), row.detail, stopped(row.status)].filter(Boolean).join(' · '),
            // Where the registry opens a row.
            href: software.paths.record!.replace('$id', row.id),
          }
        : {
            id: row.id,
            title: row.title,
            subtitle: [t(locale, 'software:search.integration'), row.detail, stopped(row.status)].filter(Boolean).join(' · '),
            // A subordinate integration has no overview (spec 2.3): its users, as the integrations list opens it.
            href: `/app-integrations/${row.id}/${row.subordinate ? 'users' : 'overview'}`,
          },
    );
  },
};

export const searchRoutes = [
  defineRoute(searchRecords, async ({ query }, { tx, auth, locale }) => {
    const results: Array<{ type: RecordType; items: SearchHit[] }> = [];
    for (const type of RECORD_TYPES) {
      const searcher = SEARCHERS[type];
      if (!searcher || !query.types.includes(type) || !auth.areas.includes(searcher.area)) continue;
      if (query.exact) {
        if (searcher.exact) results.push({ type, items: await searcher.exact(tx, query.q, query.limit) });
      } else results.push({ type, items: await searcher.search(tx, query.q, query.limit, locale) });
    }
    return { results };
  }),
];
