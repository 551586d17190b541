// The fragments of a module's list statement that depend on the module alone
// are compiled once (perModule, server/modules/module/sql.ts) and passed on
// as raw text with their values written as literals. What reaches the
// database must be what the statement built anew from the definition would
// send: on PostgreSQL a list statement goes as one text with every value
// inlined (row-bytes), so the same text is the same statement; on PGlite the
// lists' own tests (modules.test.ts, equipment.test.ts) read the rows
// through these fragments.
import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ModuleDef } from '../../src/api/modules/define.js';
import { MODULES } from '../../src/api/modules/index.js';
import { compiledText, perModule, refJoins, refJoinsOf, refsVersion, refsVersionOf, selectRow, selectRowOf } from '../../server/modules/module/sql.js';

/** A statement with values of its own before, between and after the fragments. */
const statement = (m: ModuleDef, f: { select: RawBuilder<unknown>; joins: RawBuilder<unknown>; refs: RawBuilder<unknown> }) =>
  sql`SELECT ${"it's"}::text AS a, ${f.refs} AS refs, (SELECT row_to_json(r)::text FROM (SELECT ${f.select} FROM (SELECT) AS one${f.joins}) AS r) AS item
    FROM unnest(${['0190a3b2-0000-7000-8000-000000000001']}::uuid[]) WITH ORDINALITY AS page(id, ord)
    JOIN ${sql.table(m.table)} AS m ON m.id = page.id AND ${'7\'8'} <> ${42}::text
    ORDER BY page.ord`;

describe('module SQL compiled once per module', () => {
  it.each(MODULES.map((m) => [m.id, m] as const))('%s: a statement through the kept fragments reads as one built anew', (_id, m) => {
    const kept = compiledText(statement(m, { select: selectRow(m), joins: refJoins(m), refs: refsVersion(m) }));
    const fresh = compiledText(statement(m, { select: selectRowOf(m), joins: refJoinsOf(m), refs: refsVersionOf(m) }));
    expect(kept).toBe(fresh);
    expect(kept).not.toMatch(/\$\d/);
    expect(kept).toContain(`'it''s'::text AS a`);
  });

  it('builds each fragment once per module, with values that need escaping written as literals', () => {
    let builds = 0;
    const f = perModule((m) => {
      builds += 1;
      return sql`${m.table}::text || ${"it's"}`;
    });
    const [a, b] = [MODULES[0]!, MODULES[1]!];
    expect(compiledText(f(a))).toBe(`'${a.table}'::text || 'it''s'`);
    f(a);
    f(b);
    f(b);
    expect(builds).toBe(2);
  });
});
