// SQL fragments that come out the same for the same few inputs are compiled
// once and passed on as raw text with their values written as literals
// (server/db/fragments.ts): a module's row select list, reference joins and
// their data version (server/modules/module/sql.ts), a worker's stage on a
// day (server/modules/people/sql.ts). What reaches the database must be what
// the statement built anew would send: on PostgreSQL a list statement goes
// as one text with every value inlined (row-bytes), so the same text is the
// same statement; on PGlite the lists' own tests (modules.test.ts,
// people-lists.test.ts...) read their rows through these fragments.
import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_STAGES } from '../../src/api/contracts/people-lifecycle.js';
import type { ModuleDef } from '../../src/api/modules/define.js';
import { MODULES } from '../../src/api/modules/index.js';
import { compiledOnce, compiledText } from '../../server/db/fragments.js';
import { refJoins, refJoinsOf, refsVersion, refsVersionOf, selectRow, selectRowOf } from '../../server/modules/module/sql.js';
import { stageIn, stageInOf, stageSql, stageSqlOf } from '../../server/modules/people/sql.js';

/** A statement with values of its own before, between and after the fragments. */
const statement = (m: ModuleDef, f: { select: RawBuilder<unknown>; joins: RawBuilder<unknown>; refs: RawBuilder<unknown> }) =>
  sql`SELECT ${"it's"}::text AS a, ${f.refs} AS refs, (SELECT row_to_json(r)::text FROM (SELECT ${f.select} FROM (SELECT) AS one${f.joins}) AS r) AS item
    FROM unnest(${['0190a3b2-0000-7000-8000-000000000001']}::uuid[]) WITH ORDINALITY AS page(id, ord)
    JOIN ${sql.table(m.table)} AS m ON m.id = page.id AND ${"7'8"} <> ${42}::text
    ORDER BY page.ord`;

describe('SQL fragments compiled once', () => {
  it.each(MODULES.map((m) => [m.id, m] as const))('%s: a statement through the kept fragments reads as one built anew', (_id, m) => {
    const kept = compiledText(statement(m, { select: selectRow(m), joins: refJoins(m), refs: refsVersion(m) }));
    const fresh = compiledText(statement(m, { select: selectRowOf(m), joins: refJoinsOf(m), refs: refsVersionOf(m) }));
    expect(kept).toBe(fresh);
    expect(kept).not.toMatch(/\$\d/);
    expect(kept).toContain(`'it''s'::text AS a`);
  });

  it("a worker's stage on a day reads as built anew, for every set of stages and for two days", () => {
    for (const d of ['2026-11-29', '2027-02-28']) {
      const around = (f: RawBuilder<unknown>) => compiledText(sql`SELECT ${d}::date AS d, ${f} AS x FROM workers w WHERE w.id = ${'x'}`);
      expect(around(stageSql('w', d))).toBe(around(stageSqlOf('w', d)));
      for (let bits = 1; bits < 1 << LIFECYCLE_STAGES.length; bits++) {
        const stages = LIFECYCLE_STAGES.filter((_, i) => bits & (1 << i));
        expect(around(stageIn('w', stages, d))).toBe(around(stageInOf('w', stages, d)));
      }
    }
    // Another day is another fragment.
    expect(compiledText(stageSql('w', '2026-11-29'))).not.toBe(compiledText(stageSql('w', '2026-11-30')));
  });

  it('builds each fragment once per key, with values that need escaping written as literals, and forgets past its bound', () => {
    let builds = 0;
    const f = compiledOnce(
      (m: ModuleDef) => m,
      (m: ModuleDef) => {
        builds += 1;
        return sql`${m.table}::text || ${"it's"}`;
      },
      2,
    );
    const [a, b, c] = [MODULES[0]!, MODULES[1]!, MODULES[2]!];
    expect(compiledText(f(a))).toBe(`'${a.table}'::text || 'it''s'`);
    f(a);
    f(b);
    f(b);
    expect(builds).toBe(2);
    f(c); // past the bound: everything kept is forgotten
    f(a);
    expect(builds).toBe(4);
  });
});
